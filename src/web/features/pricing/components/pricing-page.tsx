import { ArrowLeft, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TEntitlements } from '#contract/entitlements';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';

/** Spec 01 §3: on the pricing page, used = limit − max(0, remainingQuota). */
export const pricingUsed = ({
  limit,
  remainingQuota,
}: Pick<TEntitlements, 'limit' | 'remainingQuota'>) =>
  typeof limit === 'number' ? limit - Math.max(0, remainingQuota) : null;

type PricingPageProps = {
  /** The three plan cards with "Buy Now"; the billing feature provides them. */
  planCards?: ReactNode;
};

/** The local pricing page (spec 01 §2), also the access guard's fallback destination. */
export const PricingPage = ({ planCards }: PricingPageProps) => {
  const { isAuthenticated } = useAuth();
  // Signed-out visitors have no entitlements; asking would only earn a 401.
  const { data: entitlements } = useEntitlements(isAuthenticated);
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason');
  const current = isAuthenticated ? entitlements : null;
  const used = current ? pricingUsed(current) : null;

  return (
    <main className="relative isolate min-h-dvh overflow-hidden bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-80 w-[48rem] -translate-x-1/2 rounded-full bg-brand-gradient opacity-10 blur-3xl"
      />
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <Link
          to={paths.landing.getHref()}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Home
        </Link>

        <div className="mx-auto mt-10 max-w-2xl text-center">
          <h1 className="text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">
            Pricing
          </h1>
          <p className="mt-3 text-lg text-muted-foreground">
            All features included under Fair Use.
          </p>

          {current ? (
            <div className="mt-6 inline-flex flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-full border bg-card px-4 py-1.5 text-sm shadow-xs">
              <span>
                Current plan:{' '}
                <strong className="font-semibold capitalize">{current.plan || 'free'}</strong>
              </span>
              {used !== null ? (
                <>
                  <span aria-hidden="true" className="size-1 rounded-full bg-border" />
                  <span className="text-muted-foreground tabular-nums">
                    {used} of {current.limit} used
                  </span>
                </>
              ) : null}
            </div>
          ) : null}

          {reason ? (
            <p className="mx-auto mt-4 flex w-fit items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <Info aria-hidden="true" className="size-4 shrink-0" />
              Reason: {reason}
            </p>
          ) : null}
        </div>

        {planCards ? <div className="mt-12">{planCards}</div> : null}
      </div>
    </main>
  );
};
