import { LogoMark } from '@/components/brand/hookreel-logo';
import { Lightbulb, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/**
 * docs/product/app.md rule 3: the texts the loading screen cycles through while no preload text is
 * given.
 */
export const LOADING_TEXTS = [
  'Loading your account...',
  'Fetching your profile...',
  'Preparing your dashboard...',
  'Almost ready...',
] as const;

export const LOADING_TIPS = [
  'Tip: Your dashboard will load faster on subsequent visits',
  "We're preparing your personalized experience",
] as const;

/** docs/product/app.md rule 3. */
export const LOADING_TEXT_ROTATION_MS = 2000;
export const LOADING_PROGRESS_TICK_MS = 300;
const MAX_PROGRESS_STEP = 15;
const MAX_CREEP = 100;
// The bar never shows 100 here: full means "ready", and that is the page itself.
const DISPLAY_CAP = 99;

/** The bar shows whichever is further, the random creep or the real progress, capped at 99. */
export const displayedProgress = (creep: number, progress?: number) =>
  Math.round(Math.min(DISPLAY_CAP, Math.max(creep, progress ?? 0)));

type LoadingScreenProps = {
  /** The preload's own status text; replaces the rotating texts while it runs. */
  statusText?: string;
  /** The preload's progress (0–100); the bar never shows less than this. */
  progress?: number;
};

export const LoadingScreen = ({ statusText, progress }: LoadingScreenProps) => {
  const [textIndex, setTextIndex] = useState(0);
  const [creep, setCreep] = useState(0);

  useEffect(() => {
    const id = window.setInterval(
      () => setTextIndex((i) => (i + 1) % LOADING_TEXTS.length),
      LOADING_TEXT_ROTATION_MS,
    );
    return () => window.clearInterval(id);
  }, []);

  useEffect(() => {
    const id = window.setInterval(
      () => setCreep((c) => Math.min(MAX_CREEP, c + Math.random() * MAX_PROGRESS_STEP)),
      LOADING_PROGRESS_TICK_MS,
    );
    return () => window.clearInterval(id);
  }, []);

  const text = statusText ?? LOADING_TEXTS[textIndex];
  const value = displayedProgress(creep, progress);

  return (
    <main className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden bg-background px-6 py-12">
      {/* The glow fades by a mask, not a blur filter, and the tips need no backdrop blur: the bar
          and the dots repaint over them several times a second, and each repaint blurred them
          again while the app itself starts (decision 252). */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="glow-fade absolute top-1/2 left-1/2 size-[50rem] -translate-x-1/2 -translate-y-1/2 bg-brand-gradient opacity-[0.07]" />
      </div>

      <div className="flex w-full max-w-sm flex-col items-center text-center">
        <div className="flex items-center gap-3">
          <LogoMark className="size-12 drop-shadow-md" />
          <h1 className="text-3xl font-semibold tracking-tight text-foreground">Hookreel</h1>
        </div>

        <div aria-hidden="true" className="mt-10 flex h-4 items-end gap-1.5">
          {['', 'animation-delay-150', 'animation-delay-300'].map((delay) => (
            <span
              key={delay || 'first'}
              className={cn('size-2 animate-dot rounded-full bg-primary', delay)}
            />
          ))}
        </div>

        <p
          role="status"
          aria-live="polite"
          className="mt-5 min-h-6 text-base font-medium text-foreground"
        >
          {text}
        </p>

        <div className="mt-4 w-full">
          <Progress
            aria-label="Loading"
            value={value}
            className="h-1.5 bg-foreground/10"
            indicatorClassName="bg-linear-to-r from-brand-pink to-brand-violet duration-300 ease-out"
          />
          <p aria-hidden="true" className="mt-2 text-xs text-muted-foreground tabular-nums">
            {value}%
          </p>
        </div>

        <ul className="mt-10 w-full space-y-2.5 rounded-xl border bg-card/80 px-5 py-4 text-left text-sm text-muted-foreground shadow-sm">
          <li className="flex items-start gap-2.5">
            <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{LOADING_TIPS[0]}</span>
          </li>
          <li className="flex items-start gap-2.5">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{LOADING_TIPS[1]}</span>
          </li>
        </ul>
      </div>
    </main>
  );
};
