import type * as React from 'react';
import { HomeLogoLink } from '@/components/brand/hookreel-logo';
import { SectionLink, GradientButton } from './landing-parts';
import { Examples } from './landing-examples';
import { Features } from './landing-features';
import { Hero } from './landing-hero';
import { HowItWorks } from './landing-how-it-works';
import { FinalCallToAction, Footer, Pricing } from './landing-closing';
import { UseCases } from './landing-use-cases';

export type LandingPageProps = {
  onLaunchApp: () => void;
  /** The plan cards, wired to the purchase flow by the route. */
  pricing: React.ReactNode;
};

/** The public home page (docs/product/app.md rule 4). */
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
