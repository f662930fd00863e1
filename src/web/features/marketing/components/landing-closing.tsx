import type * as React from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { HookreelLogo } from '@/components/brand/hookreel-logo';
import { Button } from '@/components/ui/button';
import { SectionHeading } from './landing-parts';

export const Pricing = ({ children }: { children: React.ReactNode }) => (
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

export const FinalCallToAction = ({ onLaunchApp }: { onLaunchApp: () => void }) => (
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

export const Footer = () => (
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
