import { ArrowLeft, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TEntitlements } from '#contract/entitlements';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';

/** docs/product/billing.md rule 10: on the pricing page, used = limit − max(0, remainingQuota). */
export const pricingUsed = ({
  limit,
  remainingQuota,
}: Pick<TEntitlements, 'limit' | 'remainingQuota'>) =>
  typeof limit === 'number' ? limit - Math.max(0, remainingQuota) : null;

/**
 * The `return` parameter, only when it is a path in this app: an absolute or protocol-relative
 * address would make the Back link an open redirect.
 */
export const safeReturnPath = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : null;

type PricingPageProps = {
  /** The three plan cards with "Buy Now"; the billing feature provides them. */
  planCards?: ReactNode;
};

const backLinkClass =
  'inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * The local pricing page (docs/product/billing.md rule 10), also the access guard's fallback
 * destination.
 */
export const PricingPage = ({ planCards }: PricingPageProps) => {
  const { isAuthenticated } = useAuth();
  // Signed-out visitors have no entitlements; asking would only earn a 401.
  const { data: entitlements } = useEntitlements(isAuthenticated);
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason');
  const returnTo = safeReturnPath(searchParams.get('return'));
  const current = isAuthenticated ? entitlements : null;
  const used = current ? pricingUsed(current) : null;

  return (
    <main className="relative isolate min-h-dvh overflow-hidden bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-80 w-[48rem] -translate-x-1/2 rounded-full bg-brand-gradient opacity-10 blur-3xl"
      />
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <nav aria-label="Back" className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {returnTo ? (
            <Link to={returnTo} className={backLinkClass}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Link>
          ) : null}
          <Link to={paths.landing.getHref()} className={backLinkClass}>
            {returnTo ? null : <ArrowLeft aria-hidden="true" className="size-4" />}
            Back to Home
          </Link>
        </nav>

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
            <div className="mx-auto mt-4 flex w-fit max-w-xl items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-left text-sm text-amber-900">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div className="flex flex-col gap-1">
                <p>Reason: {reason}</p>
                {reason === 'upgrade_required' ? (
                  <p>
                    Your current plan doesn&apos;t cover what you just tried. Choose a plan below to
                    keep creating; everything you made so far stays where it is.
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>

        {planCards ? <div className="mt-12">{planCards}</div> : null}
      </div>
    </main>
  );
};
