import type * as React from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BookOpen,
  CalendarDays,
  CheckCircle2,
  Clapperboard,
  Images,
  Megaphone,
  PackageSearch,
  Play,
  Presentation,
  Send,
  ShoppingBag,
  Sparkles,
  Star,
  UserRound,
  Users,
  Wand2,
  Zap,
} from 'lucide-react';
import { HomeLogoLink, HookreelLogo } from '@/components/brand/hookreel-logo';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type LandingPageProps = {
  onLaunchApp: () => void;
  /** The plan cards, wired to the purchase flow by the route. */
  pricing: React.ReactNode;
};

// Matches the clips made by scripts/make-sample-videos.ts.
const SAMPLE_VIDEOS = [
  {
    n: 1,
    label: 'Fashion',
    product: 'Everyday Tote',
    hook: 'POV: you found the bag that fits everything',
  },
  { n: 2, label: 'Skincare', product: 'Dew Drop Serum', hook: '3 reasons my skin glows now' },
  {
    n: 3,
    label: 'Home',
    product: 'Desk Organizer',
    hook: 'Stop scrolling if your desk is a mess',
  },
  {
    n: 4,
    label: 'Kitchen',
    product: 'Blendy Go Mini',
    hook: 'I tried the viral blender so you do not have to',
  },
  {
    n: 5,
    label: 'Gadgets',
    product: 'Auto-Stir Mug',
    hook: 'The $12 gadget that fixed my mornings',
  },
] as const;

const HERO_HOOKS = [
  'POV: you found the bag that fits everything',
  'I stopped carrying two bags because of this',
  'The tote my coworkers keep asking about',
  'Everything that fits in my Everyday Tote',
];

const USE_CASES = [
  {
    title: 'E-commerce Product Demos',
    text: 'Show the product in use with a hook that makes shoppers stop and watch.',
    icon: ShoppingBag,
  },
  {
    title: 'Social Media Marketing',
    text: 'Keep a steady stream of native-looking posts without a production team.',
    icon: Megaphone,
  },
  {
    title: 'Brand Storytelling',
    text: 'Turn your origin story and values into short slides people actually finish.',
    icon: BookOpen,
  },
  {
    title: 'Educational Content',
    text: 'Explain how it works in bite-sized tips, step by step, slide by slide.',
    icon: Presentation,
  },
  {
    title: 'Sales Presentations',
    text: 'Lead with the benefit, prove it with a demo, end with a clear call to action.',
    icon: Zap,
  },
  {
    title: 'Influencer Campaigns',
    text: 'Give creators ready-made hooks and formats that fit your brand voice.',
    icon: Users,
  },
] as const;

const STEPS = [
  {
    title: 'Add your product',
    text: 'Upload a few photos and a description. AI writes an AI Brief with hooks, voice and hashtags.',
    icon: PackageSearch,
  },
  {
    title: 'Pick a hook and a format',
    text: 'Choose from 10 organic hooks and build a photo carousel or a Hook + Demo video.',
    icon: Wand2,
  },
  {
    title: 'Send it to TikTok',
    text: 'Post to your connected TikTok account as a draft in your inbox, or schedule a campaign.',
    icon: Send,
  },
] as const;

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const scrollToSection = (id: string) => {
  document.getElementById(id)?.scrollIntoView({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'start',
  });
};

// In-page anchors keep a real href (copyable, works without JS) but scroll smoothly.
const SectionLink = ({ to, children }: { to: string; children: React.ReactNode }) => (
  <a
    href={`#${to}`}
    onClick={(event) => {
      event.preventDefault();
      scrollToSection(to);
      window.history.replaceState(null, '', `#${to}`);
    }}
    className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
  >
    {children}
  </a>
);

const SectionHeading = ({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
  className?: string;
}) => (
  <div className={cn('mx-auto max-w-2xl text-center', className)}>
    <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
    <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
      {title}
    </h2>
    {children ? (
      <p className="mt-4 text-base leading-7 text-pretty text-muted-foreground sm:text-lg">
        {children}
      </p>
    ) : null}
  </div>
);

const GradientButton = ({ className, ...props }: React.ComponentProps<typeof Button>) => (
  <Button
    {...props}
    className={cn(
      'bg-brand-gradient text-white shadow-lg shadow-primary/25 transition-[opacity,box-shadow] hover:bg-transparent hover:opacity-95 hover:shadow-xl hover:shadow-primary/30',
      className,
    )}
  />
);

// A stylised preview of the hook list, drawn with markup so the hero needs no image file.
const HeroPreview = () => (
  <div aria-hidden="true" className="relative mx-auto w-full max-w-md min-w-0 lg:max-w-none">
    <div className="absolute -inset-6 rounded-[2.5rem] bg-brand-gradient opacity-20 blur-2xl" />
    <div className="relative rounded-3xl border bg-card/95 p-5 shadow-2xl shadow-primary/10 backdrop-blur sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <ShoppingBag className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold">The Everyday Tote</p>
            <p className="text-xs text-muted-foreground">AI Brief · hooks, voice, hashtags</p>
          </div>
        </div>
        <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-semibold text-primary">
          <Sparkles className="size-3.5" />
          10 hooks
        </span>
      </div>
      <ol className="mt-5 space-y-2.5">
        {HERO_HOOKS.map((hook, i) => (
          <li
            key={hook}
            className={cn(
              'flex items-center gap-3 rounded-xl border px-3 py-2.5 text-sm',
              i === 0 ? 'border-primary/40 bg-primary/5 font-medium' : 'bg-background',
            )}
          >
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                i === 0 ? 'bg-brand-gradient text-white' : 'bg-muted text-muted-foreground',
              )}
            >
              {i + 1}
            </span>
            <span className="truncate">{hook}</span>
          </li>
        ))}
        <li className="px-3 text-xs text-muted-foreground">+ 6 more hooks</li>
      </ol>
      <div className="mt-5 rounded-2xl bg-muted/70 p-4">
        <div className="flex items-center justify-between text-xs font-medium">
          <span className="inline-flex items-center gap-1.5">
            <Clapperboard className="size-4 text-primary" />
            Hook + Demo video
          </span>
          <span className="text-muted-foreground">Ready in 60 s</span>
        </div>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-background">
          <div className="h-full w-[87%] rounded-full bg-brand-gradient" />
        </div>
      </div>
    </div>
    <div className="absolute -bottom-5 -left-3 flex items-center gap-2 rounded-2xl border bg-card px-3.5 py-2.5 text-sm font-medium shadow-xl sm:-left-8">
      <CheckCircle2 className="size-5 text-emerald-600" />
      Sent to your TikTok inbox
    </div>
    <div className="absolute -top-4 -right-2 hidden items-center gap-1.5 rounded-2xl border bg-card px-3 py-2 text-xs font-semibold shadow-xl sm:flex">
      <Star className="size-4 fill-amber-400 text-amber-400" />
      Ready to post
    </div>
  </div>
);

const Hero = ({ onLaunchApp }: { onLaunchApp: () => void }) => (
  <section aria-labelledby="hero-title" className="relative overflow-hidden">
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute -top-40 left-1/2 size-[42rem] -translate-x-[70%] rounded-full bg-brand-pink/20 blur-3xl" />
      <div className="absolute top-10 right-[-10rem] size-[32rem] rounded-full bg-brand-violet/15 blur-3xl" />
      <div className="absolute bottom-[-12rem] left-[-8rem] size-[28rem] rounded-full bg-brand-orange/15 blur-3xl" />
    </div>
    <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-16 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:pt-28 lg:pb-28">
      <div className="min-w-0 text-center lg:text-left">
        <p className="inline-flex items-center gap-2 rounded-full border bg-card/80 px-3.5 py-1.5 text-sm font-medium text-muted-foreground shadow-xs backdrop-blur">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          AI-made UGC ads for TikTok
        </p>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          10 organic hooks instantly.{' '}
          <span className="text-brand-gradient">A ready-to-post ad in 60 seconds.</span>
        </h1>
        <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-pretty text-muted-foreground lg:mx-0">
          Hookreel writes 10 organic hooks for your product instantly and turns them into a
          ready-to-post slideshow or short video in 60 seconds, then sends it straight to your
          TikTok account.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
          <GradientButton
            type="button"
            size="lg"
            className="h-12 w-full px-7 text-base sm:w-auto"
            onClick={onLaunchApp}
          >
            Start now
            <ArrowRight aria-hidden="true" />
          </GradientButton>
          <Button
            type="button"
            size="lg"
            variant="outline"
            className="h-12 w-full bg-card/80 px-7 text-base backdrop-blur sm:w-auto"
            onClick={() => scrollToSection('examples')}
          >
            <Play aria-hidden="true" />
            View real examples
          </Button>
        </div>
        <p className="mt-5 text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">Try it free</span> — no payment required
          to explore. Sign in to start.
        </p>
        <dl className="mx-auto mt-10 grid max-w-lg grid-cols-3 gap-4 border-t pt-8 lg:mx-0">
          {[
            { value: '10', label: 'organic hooks per product' },
            { value: '60 s', label: 'to a ready-to-post ad' },
            { value: '2', label: 'formats: carousel and video' },
          ].map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse justify-end gap-1">
              <dt className="text-xs leading-5 text-muted-foreground sm:text-sm">{stat.label}</dt>
              <dd className="text-2xl font-bold tracking-tight sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <HeroPreview />
    </div>
  </section>
);

const Examples = () => (
  <section
    id="examples"
    aria-labelledby="examples-title"
    className="scroll-mt-20 border-y bg-muted/40 py-20 sm:py-28"
  >
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="examples-title"
        eyebrow="Real examples"
        title="Ads that look native to the feed"
      >
        Short, vertical, UGC-style ads made with Hookreel: a hook that stops the scroll, the
        product, and a clear call to action.
      </SectionHeading>
      {/* Swipeable on phones, a row of five on wide screens. */}
      <ul className="-mx-4 mt-14 flex snap-x snap-mandatory gap-5 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-5 lg:overflow-visible lg:px-0 lg:pb-0">
        {SAMPLE_VIDEOS.map((video) => (
          <li key={video.n} className="w-[62%] shrink-0 snap-center sm:w-[40%] lg:w-auto">
            <figure className="group">
              <div className="rounded-[1.75rem] bg-zinc-950 p-1.5 shadow-xl ring-1 ring-black/5 transition-transform duration-300 group-hover:-translate-y-1">
                <video
                  className="aspect-[9/16] w-full rounded-[1.4rem] bg-zinc-900 object-cover"
                  src={`/videos/ugc-example-${video.n}.mp4`}
                  aria-label={`Sample ad: ${video.hook}`}
                  muted
                  loop
                  playsInline
                  autoPlay
                  preload="metadata"
                />
              </div>
              <figcaption className="mt-4 px-1">
                <p className="flex min-w-0 items-center gap-2 text-xs font-semibold tracking-wide text-primary uppercase">
                  <span className="shrink-0">{video.label}</span>
                  <span aria-hidden="true" className="text-muted-foreground">
                    ·
                  </span>
                  <span className="truncate text-muted-foreground normal-case">
                    {video.product}
                  </span>
                </p>
                <p className="mt-1 text-sm leading-6 font-medium">“{video.hook}”</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  </section>
);

const ToolCard = ({
  icon: Icon,
  name,
  subtitle,
  text,
  points,
  accent,
}: {
  icon: React.ComponentType<{ className?: string }>;
  name: string;
  subtitle: string;
  text: string;
  points: string[];
  accent: string;
}) => (
  <article className="relative overflow-hidden rounded-3xl border bg-card p-7 shadow-sm sm:p-9">
    <div
      aria-hidden="true"
      className={cn('absolute -top-24 -right-24 size-64 rounded-full opacity-20 blur-3xl', accent)}
    />
    <span className="relative flex size-12 items-center justify-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-primary/20">
      <Icon className="size-6" />
    </span>
    <h3 className="relative mt-6 text-2xl font-bold tracking-tight">{name}</h3>
    <p className="relative mt-1 text-sm font-semibold text-primary">{subtitle}</p>
    <p className="relative mt-4 leading-7 text-muted-foreground">{text}</p>
    <ul className="relative mt-6 space-y-3 text-sm">
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2.5">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  </article>
);

const Features = () => (
  <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-28">
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Two tools for every TikTok format"
      >
        Photo carousels and product-demo videos, written and assembled with AI, ready to post.
      </SectionHeading>
      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        <ToolCard
          icon={Images}
          name="Photo (Carousel)"
          subtitle="Multi-slide photo ads with AI characters"
          text="Build swipeable photo carousels with bold text over images. Drag and drop your slides into order, pair them with AI characters, and let AI write the words."
          points={[
            'Drag-and-drop slides to reorder the story',
            'Text over images in TikTok-native styles',
            'AI characters and image collections to start from',
          ]}
          accent="bg-brand-pink"
        />
        <ToolCard
          icon={Clapperboard}
          name="Video"
          subtitle="Hook + Demo"
          text="A hook overlaid on a UGC character clip grabs attention, then your own product demo video shows it in action. Rendered as a vertical video, ready for TikTok."
          points={[
            'Hook text over a UGC character clip',
            'Followed by your product demonstration video',
            'Rendered 9:16 and sent to your TikTok account',
          ]}
          accent="bg-brand-violet"
        />
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-3">
        {[
          {
            icon: PackageSearch,
            title: 'Products and AI Briefs',
            text: 'Every product gets hooks, a brand voice and hashtags.',
          },
          {
            icon: CalendarDays,
            title: 'Campaigns',
            text: 'Batch-create and schedule content over 1–4 weeks on a calendar.',
          },
          {
            icon: UserRound,
            title: 'AI Characters',
            text: 'A library of characters to put a face to your product.',
          },
        ].map((item) => (
          <div key={item.title} className="rounded-2xl border bg-card p-6">
            <item.icon aria-hidden="true" className="size-5 text-primary" />
            <h3 className="mt-4 font-semibold">{item.title}</h3>
            <p className="mt-1.5 text-sm leading-6 text-muted-foreground">{item.text}</p>
          </div>
        ))}
      </div>
    </div>
  </section>
);

const HowItWorks = () => (
  <section aria-labelledby="how-title" className="border-y bg-muted/40 py-20 sm:py-28">
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="how-title"
        eyebrow="How it works"
        title="From product to post in three steps"
      />
      <ol className="mt-14 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border bg-card p-7 shadow-xs">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                <step.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="text-sm font-semibold text-muted-foreground">Step {i + 1}</span>
            </div>
            <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  </section>
);

const UseCases = () => (
  <section id="use-cases" aria-labelledby="use-cases-title" className="scroll-mt-20 py-20 sm:py-28">
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading id="use-cases-title" eyebrow="Use cases" title="Built for everyone who sells">
        From a one-product shop to a brand team running creator campaigns.
      </SectionHeading>
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {USE_CASES.map((useCase) => (
          <li
            key={useCase.title}
            className="group rounded-2xl border bg-card p-6 transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-md"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-brand-gradient group-hover:text-white">
              <useCase.icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-5 font-semibold">{useCase.title}</h3>
            <p className="mt-1.5 text-sm leading-6 text-muted-foreground">{useCase.text}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);

const Pricing = ({ children }: { children: React.ReactNode }) => (
  <section
    id="pricing"
    aria-labelledby="pricing-title"
    className="scroll-mt-20 border-t bg-muted/40 py-20 sm:py-28"
  >
    <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
      <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple monthly plans">
        All features included under Fair Use. Cancel any time in Settings.
      </SectionHeading>
      <div className="mt-16">{children}</div>
    </div>
  </section>
);

const FinalCallToAction = ({ onLaunchApp }: { onLaunchApp: () => void }) => (
  <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
    <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-gradient px-6 py-14 text-center text-white shadow-2xl shadow-primary/20 sm:px-12 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute -top-20 -left-20 size-72 rounded-full bg-white/15 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -right-16 -bottom-24 size-80 rounded-full bg-black/10 blur-3xl"
      />
      <h2
        id="cta-title"
        className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl"
      >
        Your next scroll-stopping ad is 60 seconds away
      </h2>
      <p className="relative mx-auto mt-4 max-w-xl text-lg text-pretty text-white/85">
        Try it free, no payment required to explore. Sign in to start.
      </p>
      <Button
        type="button"
        size="lg"
        variant="secondary"
        className="relative mt-8 h-12 bg-white px-7 text-base text-zinc-900 shadow-lg hover:bg-white/90"
        onClick={onLaunchApp}
      >
        Create your first ad
        <ArrowRight aria-hidden="true" />
      </Button>
    </div>
  </section>
);

const Footer = () => (
  <footer className="border-t">
    <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-6 px-4 py-10 sm:flex-row sm:px-6 lg:px-8">
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <HookreelLogo />
        <p className="text-sm text-muted-foreground">
          © {new Date().getFullYear()} Hookreel. All rights reserved.
        </p>
      </div>
      <nav aria-label="Legal">
        <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">
          <li>
            <Link
              to="/terms"
              className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              Terms and Conditions
            </Link>
          </li>
          <li>
            <Link
              to="/privacy"
              className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              Privacy Policy
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  </footer>
);

/** The public home page (spec 01 §2 "Landing page"). */
export const LandingPage = ({ onLaunchApp, pricing }: LandingPageProps) => (
  <div className="isolate min-h-screen overflow-x-clip bg-background text-foreground">
    <header className="sticky top-0 z-40 border-b border-transparent bg-background/75 backdrop-blur-lg supports-[backdrop-filter]:border-border/60">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <HomeLogoLink />
        <nav aria-label="Sections" className="hidden items-center gap-1 md:flex">
          <SectionLink to="examples">Examples</SectionLink>
          <SectionLink to="features">Features</SectionLink>
          <SectionLink to="use-cases">Use cases</SectionLink>
          <SectionLink to="pricing">Pricing</SectionLink>
        </nav>
        <GradientButton type="button" onClick={onLaunchApp}>
          Launch App
        </GradientButton>
      </div>
    </header>
    <main>
      <Hero onLaunchApp={onLaunchApp} />
      <Examples />
      <Features />
      <HowItWorks />
      <UseCases />
      <Pricing>{pricing}</Pricing>
      <FinalCallToAction onLaunchApp={onLaunchApp} />
    </main>
    <Footer />
  </div>
);
