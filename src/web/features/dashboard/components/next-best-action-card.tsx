import { useQueries, useQuery } from '@tanstack/react-query';
import { ArrowRight, Check, PartyPopper } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { productsQueryOptions } from '@/lib/products/get-products';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/utils';
import {
  campaignIdsQueryOptions,
  campaignItemDatesQueryOptions,
  draftsCountQueryOptions,
} from '../api/get-progress-data';
import type { StepStatus, StepWithStatus } from '../lib/next-best-action';
import { NBA_DISMISSED_KEY, doneSteps, stepsWithStatus } from '../lib/next-best-action';

const readDismissed = () => {
  try {
    return window.localStorage.getItem(NBA_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

const saveDismissed = () => {
  try {
    window.localStorage.setItem(NBA_DISMISSED_KEY, '1');
  } catch {
    // Storage blocked: the card still hides for this visit.
  }
};

const STATUS_TEXT: Record<StepStatus, string> = {
  done: 'done',
  active: 'next step',
  pending: 'to do',
};

type NextBestActionViewProps = { steps: StepWithStatus[]; onDismiss: () => void };

/**
 * The four-step strip with a button for the first unfinished step (docs/product/dashboard.md rule
 * 3).
 */
export const NextBestActionView = ({ steps, onDismiss }: NextBestActionViewProps) => {
  const titleId = useId();
  const active = steps.find((s) => s.status === 'active');
  const doneCount = steps.filter((s) => s.status === 'done').length;

  return (
    <Card aria-labelledby={titleId} role="region" className="gap-5">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 id={titleId} className="text-base font-semibold">
              Next Best Action
            </h2>
          </CardTitle>
          <CardDescription>
            {doneCount} of {steps.length} steps done
          </CardDescription>
        </div>
        {active ? (
          <Button asChild>
            <Link to={active.to}>
              {active.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-5">
        <ol className="grid gap-3 sm:grid-cols-4 sm:gap-2">
          {steps.map((step, index) => (
            <li
              key={step.key}
              aria-current={step.status === 'active' ? 'step' : undefined}
              data-status={step.status}
              className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-2"
            >
              {/* Full width only in the row layout, where the connector line fills it; in the
                  phone's column the label sits right after its number. */}
              <div className="flex items-center gap-2 sm:w-full">
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                    step.status === 'done' && 'border-primary bg-primary text-primary-foreground',
                    step.status === 'active' &&
                      'border-primary bg-background text-primary ring-4 ring-primary/15',
                    step.status === 'pending' && 'border-border bg-muted text-muted-foreground',
                  )}
                >
                  {step.status === 'done' ? <Check className="size-4" /> : index + 1}
                </span>
                {index < steps.length - 1 ? (
                  <span
                    aria-hidden="true"
                    className={cn(
                      'hidden h-0.5 flex-1 rounded-full sm:block',
                      step.status === 'done' ? 'bg-primary' : 'bg-border',
                    )}
                  />
                ) : null}
              </div>
              <span
                className={cn(
                  'text-sm',
                  step.status === 'pending' ? 'text-muted-foreground' : 'font-medium',
                )}
              >
                {step.label}
                <span className="sr-only">, {STATUS_TEXT[step.status]}</span>
              </span>
            </li>
          ))}
        </ol>
        {!active ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/20 bg-accent/50 px-4 py-3">
            <p className="flex items-center gap-2 font-medium">
              <PartyPopper aria-hidden="true" className="size-5 text-primary" />
              You&apos;re all set!
            </p>
            <Button type="button" variant="outline" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
};

/**
 * The dashboard's Next Best Action card from the user's real progress: the TikTok marker on
 * the user, their products, drafts and campaigns. Drafts and campaigns that cannot be read
 * count as none; the card waits only for the user and the product list.
 */
export const NextBestActionCard = () => {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(readDismissed);
  const products = useQuery(productsQueryOptions(!dismissed));
  const drafts = useQuery({ ...draftsCountQueryOptions(), enabled: !dismissed });
  const campaignIds = useQuery({ ...campaignIdsQueryOptions(), enabled: !dismissed });
  const items = useQueries({
    queries: (campaignIds.data ?? []).map((id) => campaignItemDatesQueryOptions(id)),
  });

  if (dismissed || !user || products.isPending) return null;

  const steps = stepsWithStatus(
    doneSteps({
      tiktokConnected: Boolean(user.tiktokAccessToken),
      productCount: products.data?.length ?? 0,
      campaigns: (campaignIds.data ?? []).map((_, i) => ({ itemDates: items[i]?.data ?? [] })),
      draftCount: drafts.data ?? 0,
      now: new Date(),
    }),
  );

  return (
    <NextBestActionView
      steps={steps}
      onDismiss={() => {
        saveDismissed();
        setDismissed(true);
      }}
    />
  );
};
