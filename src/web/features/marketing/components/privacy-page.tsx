import { Link } from 'react-router';
import { LegalLayout, LegalSection, SupportEmail } from './legal-layout';

export type PrivacyPageProps = { supportEmail: string };

/** /privacy (docs/product/app.md rule 4). */
export const PrivacyPage = ({ supportEmail }: PrivacyPageProps) => (
  <LegalLayout
    title="Privacy Policy"
    lastUpdated="July 19, 2025"
    lastUpdatedIso="2025-07-19"
    intro={
      <p>
        This Privacy Policy explains what personal information Hookreel collects when you use our
        web application for creating and posting short TikTok ads, how we use it, who we share it
        with and the choices you have. It applies together with our{' '}
        <Link to="/terms" className="font-medium text-primary underline underline-offset-4">
          Terms and Conditions
        </Link>
        .
      </p>
    }
  >
    <LegalSection id="privacy-collect" title="1. Information we collect">
      <h3>Information you give us</h3>
      <ul>
        <li>
          <strong>Account information:</strong> your name, e-mail address and password. Your
          password is stored only as a secure hash; we never store or see it in plain text. You may
          also add a profile picture and your timezone.
        </li>
        <li>
          <strong>Uploaded media:</strong> product photos, product demo videos and any other images
          or clips you upload.
        </li>
        <li>
          <strong>Generated content:</strong> the hooks, captions, AI Briefs, carousels, videos,
          images and AI characters created for you in the Service.
        </li>
        <li>
          <strong>Project data:</strong> your products, drafts, templates, campaigns, schedules and
          the settings you choose.
        </li>
      </ul>
      <h3>Information created when you use the Service</h3>
      <ul>
        <li>
          <strong>TikTok connection:</strong> when you connect a TikTok account, the account’s
          identifier, display name and avatar, the access tokens TikTok issues (stored encrypted)
          and the status of the posts you send.
        </li>
        <li>
          <strong>Billing:</strong> your plan, subscription status, invoices and the brand and last
          four digits of your card. Full card details are handled by our payment provider and never
          reach our servers.
        </li>
        <li>
          <strong>Usage and technical data:</strong> how much of your plan you have used, and server
          logs such as IP address, browser type and times of requests, which we use to run and
          secure the Service.
        </li>
      </ul>
    </LegalSection>

    <LegalSection id="privacy-use" title="2. How we use your information">
      <ul>
        <li>to create and run your account, sign you in and keep it secure;</li>
        <li>
          to provide the Service: analyse your products, generate text, images and videos, render
          your content and post it to TikTok when you ask;
        </li>
        <li>to count usage against your plan, take payments and send invoices;</li>
        <li>
          to send service e-mails, such as account confirmation, password resets and important
          changes;
        </li>
        <li>to answer your support requests;</li>
        <li>to prevent abuse, enforce our Fair Use Policy and meet legal obligations.</li>
      </ul>
      <p>
        We do not sell your personal information, and we do not use your uploaded media or generated
        content to train AI models.
      </p>
    </LegalSection>

    <LegalSection id="privacy-processors" title="3. Who we share it with">
      <p>
        We share personal information only with service providers (processors) that help us run the
        Service, under contracts that limit their use of it to our instructions:
      </p>
      <ul>
        <li>hosting, database and file-storage providers;</li>
        <li>a payment provider for subscriptions, invoices and card payments;</li>
        <li>an e-mail delivery provider;</li>
        <li>
          AI providers that generate text and images from the prompts and product data we send;
        </li>
        <li>a video rendering service that assembles your videos;</li>
        <li>
          TikTok, when you connect an account and send content to it, under TikTok’s own privacy
          policy;
        </li>
        <li>
          where enabled, an advertising measurement partner that receives a sign-up event so we can
          understand which of our ads work.
        </li>
      </ul>
      <p>
        We may also disclose information when the law requires it, to protect our users or the
        Service, or as part of a merger or sale of our business, in which case this policy will
        continue to apply.
      </p>
    </LegalSection>

    <LegalSection id="privacy-tiktok" title="4. Your TikTok account">
      <p>
        Connecting TikTok is optional. You can connect or disconnect your TikTok account at any time
        in Settings. When you disconnect, we delete the access tokens for that account and stop
        posting to it. Content that you already sent to TikTok stays on TikTok and is governed by
        its policies; you can delete it there.
      </p>
    </LegalSection>

    <LegalSection id="privacy-retention" title="5. How long we keep it">
      <p>
        We keep your account information, media, generated content and project data for as long as
        your account exists. You can delete individual items at any time, and you can ask us to
        delete your whole account by writing to <SupportEmail email={supportEmail} />. When your
        account is deleted, we delete or anonymise your personal information within 30 days, except
        where we must keep some of it longer, for example invoices for tax and accounting, or
        records needed to resolve disputes or prevent abuse. Backups are overwritten on a rolling
        basis.
      </p>
    </LegalSection>

    <LegalSection id="privacy-children" title="6. Children">
      <p>
        The Service is not for children under 13, and we do not knowingly collect personal
        information from children under 13. If you believe a child under 13 has given us personal
        information, contact us at <SupportEmail email={supportEmail} /> and we will delete it.
      </p>
    </LegalSection>

    <LegalSection id="privacy-rights" title="7. Your rights">
      <p>Depending on where you live, you may have the right to:</p>
      <ul>
        <li>access the personal information we hold about you and get a copy of it;</li>
        <li>correct information that is inaccurate;</li>
        <li>delete your account and personal information;</li>
        <li>object to or restrict certain uses, or withdraw consent you gave us;</li>
        <li>complain to your local data protection authority.</li>
      </ul>
      <p>
        You can update most of your information yourself in Settings. For anything else, write to{' '}
        <SupportEmail email={supportEmail} />. We may need to confirm your identity first and will
        answer within 30 days.
      </p>
    </LegalSection>

    <LegalSection id="privacy-storage" title="8. Cookies and local storage">
      <p>
        We do not use third-party advertising cookies. The app keeps a few values in your browser’s
        storage so that it works properly:
      </p>
      <ul>
        <li>a session token that keeps you signed in;</li>
        <li>your generation and posting queue, so you can follow jobs after a page reload;</li>
        <li>which cards you have dismissed, such as the dashboard’s next-step card.</li>
      </ul>
      <p>
        Signing out removes the session token. You can clear the rest at any time through your
        browser settings.
      </p>
    </LegalSection>

    <LegalSection id="privacy-security" title="9. Security and transfers">
      <p>
        We protect your information with encrypted connections (HTTPS), hashed passwords, encrypted
        TikTok tokens, access controls and short-lived links for your files. No system is completely
        secure, so please use a strong, unique password. Our providers may process data in other
        countries; where they do, we use appropriate safeguards required by law.
      </p>
    </LegalSection>

    <LegalSection id="privacy-changes" title="10. Changes to this policy">
      <p>
        We may update this Privacy Policy. The date at the top shows the latest version, and we will
        tell you by e-mail or in the app before a significant change takes effect.
      </p>
    </LegalSection>

    <LegalSection id="privacy-contact" title="11. Contact">
      <p>
        Questions or requests about your privacy can be sent to{' '}
        <SupportEmail email={supportEmail} />.
      </p>
    </LegalSection>
  </LegalLayout>
);
