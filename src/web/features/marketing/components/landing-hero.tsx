import {
  ArrowRight,
  CheckCircle2,
  Clapperboard,
  Play,
  ShoppingBag,
  Sparkles,
  Star,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { GradientButton, scrollToSection } from './landing-parts';

const HERO_HOOKS = [
  'POV: you found the bag that fits everything',
  'I stopped carrying two bags because of this',
  'The tote my coworkers keep asking about',
  'Everything that fits in my Everyday Tote',
];

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

export const Hero = ({ onLaunchApp }: { onLaunchApp: () => void }) => (
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
          {/* A real in-page link: on the prerendered page it scrolls at once, before the app
              has loaded (decision 052); in the app it scrolls smoothly. */}
          <Button
            asChild
            size="lg"
            variant="outline"
            className="h-12 w-full bg-card/80 px-7 text-base backdrop-blur sm:w-auto"
          >
            <a
              href="#examples"
              onClick={(event) => {
                event.preventDefault();
                scrollToSection('examples');
                window.history.replaceState(null, '', '#examples');
              }}
            >
              <Play aria-hidden="true" />
              View real examples
            </a>
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
