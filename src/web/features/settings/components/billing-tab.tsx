import { CreditCard, ExternalLink, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { TBillingSummary } from '#contract/billing';
import { PLANS } from '#contract/plans';
import type { TPaidPlanKey, TPlanKey } from '#contract/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Feb 15, 2025"; null for a missing or unreadable date. */
export const formatBillingDate = (value: string | number | Date | null | undefined) => {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
};

/** docs/product/billing.md rule 9: cents ÷ 100, currency upper-case ("39.00 USD"). */
export const formatMoney = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * docs/product/billing.md rule 9: the subscription status, or "active" for a paid plan and "free"
 * without one.
 */
export const subscriptionStatusLabel = (plan: TPlanKey, status: string | null | undefined) =>
  status || (plan !== 'free' ? 'active' : 'free');

/**
 * docs/product/billing.md rule 9: "{date} – {amount} {currency} ({status})"; `created` is in Unix
 * seconds.
 */
export const formatInvoiceLine = (invoice: TBillingSummary['invoices'][number]) =>
  `${formatBillingDate(invoice.created * 1000) ?? '—'} – ${formatMoney(invoice.amount_due, invoice.currency)} (${invoice.status})`;

type BillingAction = 'manage' | 'basic' | 'plus' | 'pro';

/** docs/product/billing.md rule 9: which plan buttons each plan sees. */
export const billingButtonsFor = (plan: TPlanKey): BillingAction[] => {
  const buttons: BillingAction[] = [];
  if (plan === 'free') buttons.push('basic');
  else buttons.push('manage');
  if (plan === 'free' || plan === 'basic') buttons.push('plus');
  if (plan !== 'pro') buttons.push('pro');
  return buttons;
};

const BUTTON_LABELS: Record<BillingAction, string> = {
  manage: 'Manage billing',
  basic: 'Get Basic',
  plus: 'Upgrade to Plus',
  pro: 'Upgrade to Pro',
};

export type BillingTabProps = {
  /** The user's plan; a missing plan is free (docs/product/billing.md rule 1). */
  plan: TPlanKey;
  subscriptionStatus: string | null;
  /** The user record's period end, used until the summary says otherwise. */
  currentPeriodEnd: string | null;
  summary: TBillingSummary | undefined;
  isSummaryLoading: boolean;
  onManageBilling: () => Promise<void>;
  onGetBasic: () => Promise<void>;
  onUpgrade: (plan: TPaidPlanKey) => Promise<void>;
  /** The three plan cards with "Buy Now", provided by the billing feature. */
  planCards?: ReactNode;
};

const Detail = ({
  label,
  loading,
  children,
}: {
  label: string;
  loading?: boolean;
  children: ReactNode;
}) => (
  <div className="flex flex-col gap-1">
    <dt className="text-sm text-muted-foreground">{label}</dt>
    <dd className="font-medium text-foreground">
      {loading ? <Skeleton className="mt-1 h-5 w-28" /> : children}
    </dd>
  </div>
);

/**
 * Settings → Billing (docs/product/billing.md rule 9): plan, next charge, the plan buttons and
 * recent invoices.
 */
export const BillingTab = ({
  plan,
  subscriptionStatus,
  currentPeriodEnd,
  summary,
  isSummaryLoading,
  onManageBilling,
  onGetBasic,
  onUpgrade,
  planCards,
}: BillingTabProps) => {
  const invoicesHeadingId = useId();
  const plansHeadingId = useId();
  const invoiceIdPrefix = useId();
  const [running, setRunning] = useState<BillingAction | null>(null);

  const periodEnd = formatBillingDate(summary?.current_period_end ?? currentPeriodEnd);
  const nextCharge = periodEnd
    ? summary?.cancel_at_period_end
      ? `Cancels on ${periodEnd}`
      : periodEnd
    : '—';
  const amount =
    summary?.amount != null && summary.currency
      ? formatMoney(summary.amount, summary.currency)
      : '—';
  const card = summary?.payment_method;
  const invoices = summary?.invoices ?? [];

  const run = async (action: BillingAction) => {
    setRunning(action);
    try {
      if (action === 'manage') await onManageBilling();
      else if (action === 'basic') await onGetBasic();
      else await onUpgrade(action);
    } finally {
      setRunning(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>
              <h2 className="text-base font-semibold">Billing</h2>
            </CardTitle>
            {summary?.test_mode ? (
              <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
                Test mode
              </Badge>
            ) : null}
          </div>
          <CardDescription>All features included under Fair Use.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Current Plan">
              <Badge variant={plan} className="text-sm">
                {PLANS[plan].title}
              </Badge>
            </Detail>
            <Detail label="Status">
              <span className="capitalize">
                {subscriptionStatusLabel(plan, subscriptionStatus)}
              </span>
            </Detail>
            <Detail label="Next charge" loading={isSummaryLoading}>
              {nextCharge}
            </Detail>
            <Detail label="Amount" loading={isSummaryLoading}>
              <span className="tabular-nums">{amount}</span>
            </Detail>
            <Detail label="Payment method" loading={isSummaryLoading}>
              {card ? (
                <span className="inline-flex items-center gap-2">
                  <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
                  {`${card.brand} •••• ${card.last4}`}
                </span>
              ) : (
                '—'
              )}
            </Detail>
          </dl>

          <div className="flex flex-wrap gap-2">
            {billingButtonsFor(plan).map((action) => (
              <Button
                key={action}
                type="button"
                variant={action === 'manage' ? 'outline' : 'default'}
                disabled={running !== null}
                aria-busy={running === action}
                onClick={() => void run(action)}
              >
                {running === action ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : null}
                {BUTTON_LABELS[action]}
              </Button>
            ))}
          </div>

          <Separator />

          <section aria-labelledby={invoicesHeadingId} className="flex flex-col gap-3">
            <h3 id={invoicesHeadingId} className="text-sm font-semibold">
              Recent invoices
            </h3>
            {isSummaryLoading ? (
              <Skeleton className="h-5 w-64" />
            ) : invoices.length === 0 ? (
              <p className="text-sm text-muted-foreground">No invoices yet.</p>
            ) : (
              <ul className="flex flex-col divide-y rounded-lg border">
                {invoices.map((invoice) => {
                  const lineId = `${invoiceIdPrefix}-${invoice.id}`;
                  return (
                    <li
                      key={invoice.id}
                      className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm"
                    >
                      <span id={lineId} className="tabular-nums">
                        {formatInvoiceLine(invoice)}
                      </span>
                      {invoice.hosted_invoice_url ? (
                        <a
                          href={invoice.hosted_invoice_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-describedby={lineId}
                          className="inline-flex shrink-0 items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        >
                          View
                          <ExternalLink aria-hidden="true" className="size-3.5" />
                        </a>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </CardContent>
      </Card>

      {planCards ? (
        <section aria-labelledby={plansHeadingId} className="flex flex-col gap-4">
          <h2 id={plansHeadingId} className="text-base font-semibold">
            Plans
          </h2>
          {planCards}
        </section>
      ) : null}
    </div>
  );
};
