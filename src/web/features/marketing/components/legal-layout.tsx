import type * as React from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { HomeLogoLink } from '@/components/brand/hookreel-logo';
import { cn } from '@/lib/utils';

export type LegalLayoutProps = {
  title: string;
  /** Shown as "Last updated: {lastUpdated}". */
  lastUpdated: string;
  /** ISO date for the <time> element. */
  lastUpdatedIso: string;
  intro: React.ReactNode;
  children: React.ReactNode;
};

const backLinkClass =
  'inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

/** Page frame for the Terms and Privacy pages: narrow measure, clear heading levels. */
export const LegalLayout = ({
  title,
  lastUpdated,
  lastUpdatedIso,
  intro,
  children,
}: LegalLayoutProps) => (
  <div className="min-h-screen bg-background text-foreground">
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
        <HomeLogoLink />
        <Link to="/" className={backLinkClass}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Home
        </Link>
      </div>
    </header>
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <article>
        <header className="border-b pb-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">
            Last updated: <time dateTime={lastUpdatedIso}>{lastUpdated}</time>
          </p>
          <div className="mt-6 text-base leading-7 text-foreground/90">{intro}</div>
        </header>
        <div className="divide-y">{children}</div>
      </article>
    </main>
    <footer className="border-t">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6">
        <p>© {new Date().getFullYear()} Hookreel</p>
        <nav aria-label="Legal" className="flex gap-6">
          <Link to="/terms" className="hover:text-foreground hover:underline">
            Terms and Conditions
          </Link>
          <Link to="/privacy" className="hover:text-foreground hover:underline">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  </div>
);

/** A numbered section with an h2 and body copy styled for long-form reading. */
export const LegalSection = ({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) => (
  <section aria-labelledby={id} className="py-8">
    <h2 id={id} className="text-xl font-semibold tracking-tight">
      {title}
    </h2>
    <div
      className={cn(
        'mt-4 space-y-4 text-[0.975rem] leading-7 text-foreground/85',
        '[&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-foreground',
        '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground',
      )}
    >
      {children}
    </div>
  </section>
);

/** The support address as a mailto link. */
export const SupportEmail = ({ email }: { email: string }) => (
  <a
    href={`mailto:${email}`}
    className="font-medium text-primary underline underline-offset-4 hover:text-primary/80"
  >
    {email}
  </a>
);
