import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const scrollToSection = (id: string) => {
  document.getElementById(id)?.scrollIntoView({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'start',
  });
};

// In-page anchors keep a real href (copyable, works without JS) but scroll smoothly.
export const SectionLink = ({ to, children }: { to: string; children: React.ReactNode }) => (
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

export const SectionHeading = ({
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

export const GradientButton = ({ className, ...props }: React.ComponentProps<typeof Button>) => (
  <Button
    {...props}
    className={cn(
      'bg-brand-gradient text-white shadow-lg shadow-primary/25 transition-[opacity,box-shadow] hover:bg-transparent hover:opacity-95 hover:shadow-xl hover:shadow-primary/30',
      className,
    )}
  />
);
