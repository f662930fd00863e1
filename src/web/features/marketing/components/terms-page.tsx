import { Link } from 'react-router';
import { PLAN_CARDS } from '#contract/plans';
import { LegalLayout, LegalSection, SupportEmail } from './legal-layout';

export type TermsPageProps = { supportEmail: string };

const planList = PLAN_CARDS.map((plan) => `${plan.title} (${plan.price})`).join(', ');

/** /terms (docs/product/app.md rule 4). */
export const TermsPage = ({ supportEmail }: TermsPageProps) => (
  <LegalLayout
    title="Terms and Conditions"
    lastUpdated="October 14, 2025"
    lastUpdatedIso="2025-10-14"
    intro={
      <p>
        These Terms and Conditions (the “Terms”) govern your use of Hookreel, the web application in
        which you create short user-generated-content style photo carousels and product-demo videos
        with AI help, organise them into campaigns and send them to your own TikTok accounts (the
        “Service”). By creating an account or using the Service you agree to these Terms. If you do
        not agree, do not use the Service.
      </p>
    }
  >
    <LegalSection id="terms-accounts" title="1. Your account">
      <p>
        You need an account to use the Service. You must give a real name and an e-mail address you
        control, keep your password secret and tell us at <SupportEmail email={supportEmail} /> if
        you believe someone else has used your account. You are responsible for everything done
        through your account.
      </p>
      <p>
        The Service is not for children under 13. You must be at least 13 years old and old enough
        to enter into a binding contract where you live, or have the consent of a parent or guardian
        who accepts these Terms for you. If you use the Service for a business, you confirm that you
        may accept these Terms on its behalf.
      </p>
    </LegalSection>

    <LegalSection id="terms-plans" title="2. Plans and billing">
      <p>
        The Service is offered on monthly subscription plans: {planList}. A free account lets you
        explore the Service without payment; creating and posting content requires a paid plan. Each
        plan includes a number of videos and photo carousels per billing period, a number of
        products and the features described on the pricing page at the time you subscribe.
      </p>
      <ul>
        <li>
          Subscriptions are billed monthly in advance and renew automatically at the end of each
          billing period until you cancel.
        </li>
        <li>
          You can cancel, upgrade or downgrade at any time from the billing tab in Settings.
          Cancellation stops the next renewal; you keep access until the end of the period you have
          already paid for.
        </li>
        <li>Unused quota does not carry over to the next billing period and has no cash value.</li>
        <li>
          Payments are processed by our payment provider. We do not store your full card number.
        </li>
        <li>If a payment fails, generation may be paused until the payment issue is resolved.</li>
        <li>
          We may change prices for future billing periods. We will tell you in advance, and the
          change applies only from your next renewal after the notice.
        </li>
      </ul>
    </LegalSection>

    <LegalSection id="terms-refunds" title="3. Refunds">
      <p>
        <strong>
          Refunds are given only when requested within 48 hours of purchase. No refunds are given
          after that.
        </strong>{' '}
        To request a refund, write to <SupportEmail email={supportEmail} /> from the e-mail address
        on your account within 48 hours of the charge and tell us which purchase it concerns.
        Requests received after the 48-hour window will not be refunded, including for partially
        used billing periods, unused quota or renewals you forgot to cancel. Nothing in this section
        limits rights you have under mandatory consumer law.
      </p>
    </LegalSection>

    <LegalSection id="terms-fair-use" title="4. Fair Use Policy">
      <p>
        Our plans are all-inclusive: all features are included under this Fair Use Policy. The plans
        are sized for a person or a business making content for its own products through the normal
        interface. Abusive or automated call volume, such as scripts, bots or integrations that call
        the Service far beyond what a person would do, attempts to get around plan limits, or use
        that harms the Service or other customers, may lead to throttling, restriction or suspension
        of your account. Where practical we will contact you first and give you the chance to change
        how you use the Service.
      </p>
    </LegalSection>

    <LegalSection id="terms-usage" title="5. How usage is counted">
      <p>
        Your plan’s quota is counted per billing period. We count only finished, deliberate output,
        as follows:
      </p>
      <ul>
        <li>
          <strong>Photo carousels</strong> count only when you actually attempt to upload a carousel
          to TikTok, and only the first attempt per post. Generating captions, previewing AI text,
          editing slides and saving drafts do not count.
        </li>
        <li>
          <strong>Videos</strong> count when their render completes, as confirmed by the rendering
          service’s webhook. A render that fails does not count. Posting a video that has already
          been rendered does not count again.
        </li>
        <li>
          Each post carries an idempotency key, so retries, reloads and repeated notifications for
          the same post are never counted twice.
        </li>
      </ul>
      <p>
        The usage shown in the app is the figure we rely on. If you believe it is wrong, contact us
        and we will check it.
      </p>
    </LegalSection>

    <LegalSection id="terms-tiktok" title="6. Connecting TikTok">
      <p>
        To post, you connect one or more TikTok accounts through TikTok’s own sign-in. You authorise
        us to act on those accounts only for what you ask the Service to do, such as sending a video
        or carousel to your TikTok inbox as a draft or publishing a scheduled campaign item. You can
        disconnect an account at any time in Settings, after which we stop using it.
      </p>
      <p>
        TikTok is a separate service with its own terms, community guidelines and advertising
        policies, which you must follow for everything you post. TikTok decides whether and how
        content appears on its platform; we are not responsible for its availability, decisions or
        changes to its interfaces. Hookreel is not affiliated with or endorsed by TikTok.
      </p>
    </LegalSection>

    <LegalSection id="terms-content" title="7. Your content and AI output">
      <p>
        You keep ownership of what you upload (product photos, demo videos and other media) and of
        the content you create with the Service. You give us a limited licence to host, process,
        copy and transform that material only to provide the Service to you, including sending it to
        the providers that render, store and deliver it.
      </p>
      <p>
        You must have the rights needed for everything you upload and post, including any people,
        music, brands or trademarks shown in it. AI-generated hooks, captions, briefs, images and
        characters may be inaccurate or similar to content made for others: review every piece of
        content before you post it, and make sure your claims about your products are true and that
        advertising is disclosed as the law and TikTok require.
      </p>
    </LegalSection>

    <LegalSection id="terms-acceptable-use" title="8. Acceptable use">
      <p>You agree not to use the Service to:</p>
      <ul>
        <li>break the law, or promote illegal products or services;</li>
        <li>
          create misleading or deceptive advertising, including false health, financial or
          performance claims and fake reviews or testimonials;
        </li>
        <li>infringe anyone’s intellectual property, privacy or publicity rights;</li>
        <li>
          produce hateful, harassing, violent or sexually explicit content, or any content that
          exploits or endangers minors;
        </li>
        <li>
          impersonate another person or brand, or post to accounts you are not authorised to use;
        </li>
        <li>
          upload malware, probe or attack the Service, or access it other than through the
          interfaces we provide;
        </li>
        <li>
          scrape the Service, resell or share access, or get around plan limits, quotas or security
          measures.
        </li>
      </ul>
      <p>We may remove content or refuse a request that breaks these rules.</p>
    </LegalSection>

    <LegalSection id="terms-availability" title="9. Availability and changes to the Service">
      <p>
        We work to keep the Service available and reliable, but it may sometimes be interrupted for
        maintenance, by outages of providers we rely on, or by events outside our control. We may
        add, change or remove features. If we remove a feature that is central to a paid plan, we
        will tell you in advance.
      </p>
    </LegalSection>

    <LegalSection id="terms-termination" title="10. Termination">
      <p>
        You may stop using the Service and cancel your subscription at any time. We may suspend or
        end your access if you seriously or repeatedly break these Terms, if your payments fail and
        are not resolved, or if we are required to by law. Where practical we will warn you first
        and explain why. After your account ends, we delete your data as described in the{' '}
        <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
          Privacy Policy
        </Link>
        ; content already posted to TikTok stays there until you remove it.
      </p>
    </LegalSection>

    <LegalSection id="terms-liability" title="11. Disclaimers and limitation of liability">
      <p>
        The Service is provided “as is” and “as available”. We do not promise any particular number
        of views, sales or other results from content made with it. To the extent the law allows, we
        are not liable for indirect, incidental or consequential losses, lost profits or lost data,
        and our total liability for any claim relating to the Service is limited to the amount you
        paid us in the three months before the event that gave rise to the claim.
      </p>
      <p>
        Nothing in these Terms excludes liability that cannot be excluded by law, such as liability
        for fraud or for death or personal injury caused by negligence.
      </p>
    </LegalSection>

    <LegalSection id="terms-changes" title="12. Changes to these Terms">
      <p>
        We may update these Terms from time to time. The date at the top shows the latest version.
        If a change materially affects your rights, we will tell you by e-mail or in the app before
        it takes effect. If you keep using the Service after that, the new Terms apply; if you do
        not agree, you can cancel your subscription.
      </p>
    </LegalSection>

    <LegalSection id="terms-contact" title="13. Contact">
      <p>
        Questions about these Terms, refund requests and notices can be sent to{' '}
        <SupportEmail email={supportEmail} />.
      </p>
    </LegalSection>
  </LegalLayout>
);
