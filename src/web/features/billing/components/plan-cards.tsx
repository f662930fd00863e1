import { useId, useState } from 'react';
import { Check, Sparkles } from 'lucide-react';
import { PLAN_CARDS } from '#contract/plans';
import type { TPaidPlanKey, TPlan } from '#contract/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type PlanCardsProps = {
  onBuy: (plan: TPaidPlanKey) => Promise<void>;
  /** The signed-in user's plan, marked on its card. */
  currentPlan?: string;
  className?: string;
};

// "$39/month" → "$39" + "/month", so the amount can be set large without a second price table.
const splitPrice = (price: string): { amount: string; period: string } => {
  const slash = price.indexOf('/');
  return slash < 0
    ? { amount: price, period: '' }
    : { amount: price.slice(0, slash), period: price.slice(slash) };
};

type PlanCardProps = {
  plan: TPlan & { key: TPaidPlanKey };
  busy: boolean;
  current: boolean;
  onBuy: () => void;
  idPrefix: string;
};

const PlanCard = ({ plan, busy, current, onBuy, idPrefix }: PlanCardProps) => {
  const titleId = `${idPrefix}-${plan.key}-title`;
  const { amount, period } = splitPrice(plan.price);
  const featured = plan.mostPopular;

  return (
    <section
      aria-labelledby={titleId}
      data-plan={plan.key}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition-shadow hover:shadow-md sm:p-7',
        featured && 'border-transparent shadow-lg ring-2 ring-primary md:-translate-y-2',
      )}
    >
      {featured && plan.badge ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 border-transparent bg-brand-gradient px-3 py-1 text-white shadow-sm">
          <Sparkles aria-hidden="true" />
          {plan.badge}
        </Badge>
      ) : null}

      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold tracking-tight">
          {plan.title}
        </h3>
        {current ? <Badge variant="secondary">Current plan</Badge> : null}
      </div>

      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{amount}</span>
        {period ? <span className="text-sm text-muted-foreground">{period}</span> : null}
      </p>

      <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      {current ? (
        // Buying the plan one already has would charge twice for nothing (issue 11).
        <p className="mt-8 flex h-10 w-full items-center justify-center rounded-md border border-dashed text-sm font-medium text-muted-foreground">
          {CURRENT_PLAN_TEXT}
        </p>
      ) : (
        <Button
          type="button"
          size="lg"
          variant={featured ? 'default' : 'outline'}
          className={cn('mt-8 w-full', featured && 'bg-brand-gradient text-white hover:opacity-90')}
          disabled={busy}
          aria-describedby={titleId}
          onClick={onBuy}
        >
          {busy ? 'Processing…' : 'Buy Now'}
        </Button>
      )}
    </section>
  );
};

export const CURRENT_PLAN_TEXT = 'Your current plan';

/** The basic, plus and pro cards used on the landing page, /pricing, the upgrade dialog and settings. */
export const PlanCards = ({ onBuy, currentPlan, className }: PlanCardsProps) => {
  const idPrefix = useId();
  const [pending, setPending] = useState<ReadonlySet<TPaidPlanKey>>(() => new Set());

  const update = (plan: TPaidPlanKey, busy: boolean) =>
    setPending((prev) => {
      const next = new Set(prev);
      if (busy) next.add(plan);
      else next.delete(plan);
      return next;
    });

  const buy = async (plan: TPaidPlanKey) => {
    update(plan, true);
    try {
      await onBuy(plan);
    } catch {
      // The caller owns error reporting (the purchase hook shows a toast); the card only has to
      // become usable again so the buyer can retry.
    } finally {
      update(plan, false);
    }
  };

  return (
    <div className={cn('grid gap-6 md:grid-cols-3 md:items-stretch', className)}>
      {PLAN_CARDS.map((plan) => {
        const key = plan.key as TPaidPlanKey;
        return (
          <PlanCard
            key={key}
            plan={{ ...plan, key }}
            busy={pending.has(key)}
            current={currentPlan === key}
            idPrefix={idPrefix}
            onBuy={() => void buy(key)}
          />
        );
      })}
    </div>
  );
};
