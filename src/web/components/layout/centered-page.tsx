import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A single card centred on a tinted page: onboarding, password reset, the TikTok pages. */
export const CenteredPage = ({ children }: { children: ReactNode }) => (
  <main className="bg-muted/40 flex min-h-screen items-center justify-center p-4">{children}</main>
);

export const BackToHomeLink = () => (
  <p className="text-sm">
    <Link to="/" className="text-primary underline-offset-4 hover:underline">
      Back to Home
    </Link>
  </p>
);
