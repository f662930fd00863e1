import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/** docs/product/dashboard.md rule 2: the bar turns yellow above this share of the quota. */
const WARNING_PERCENT = 80;

export type UsageTone = 'normal' | 'warning' | 'exhausted';

export type UsageFigures = {
  used: number;
  limit: number;
  left: number;
  percent: number;
  tone: UsageTone;
};

/**
 * docs/product/dashboard.md rule 2 on the dashboard: used = limit − remainingQuota floored at 0,
 * percentage rounded and capped at 100, remaining floored at 0. Null when there is no quota to
 * show.
 */
export const usageFigures = (
  limit: number | null | undefined,
  remainingQuota: number,
): UsageFigures | null => {
  if (!limit) return null;
  const used = Math.max(0, limit - remainingQuota);
  const left = Math.max(0, limit - used);
  const percent = Math.min(100, Math.round((used / limit) * 100));
  const tone: UsageTone =
    used >= limit ? 'exhausted' : percent > WARNING_PERCENT ? 'warning' : 'normal';
  return { used, limit, left, percent, tone };
};

const INDICATOR_CLASS: Record<UsageTone, string> = {
  normal: 'bg-primary',
  warning: 'bg-amber-500',
  exhausted: 'bg-destructive',
};

type UsageCardProps = {
  limit: number | null | undefined;
  remainingQuota: number;
  onUpgrade: () => Promise<void>;
};

/**
 * The dashboard's "This period usage" card (docs/product/dashboard.md rule 2); renders nothing
 * without a quota.
 */
export const UsageCard = ({ limit, remainingQuota, onUpgrade }: UsageCardProps) => {
  const titleId = useId();
  const [upgrading, setUpgrading] = useState(false);
  const figures = usageFigures(limit, remainingQuota);
  if (!figures) return null;

  const upgrade = async () => {
    setUpgrading(true);
    try {
      await onUpgrade();
    } finally {
      setUpgrading(false);
    }
  };

  return (
    <Card className="h-full gap-5" aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={titleId} className="text-base font-semibold">
            This period usage
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold tracking-tight tabular-nums">
            {figures.used}/{figures.limit}
          </span>
          <span className="text-sm text-muted-foreground">Videos/Photos</span>
        </p>
        <Progress
          value={figures.percent}
          aria-labelledby={titleId}
          getValueLabel={() => `${figures.used} of ${figures.limit} Videos/Photos used`}
          data-tone={figures.tone}
          indicatorClassName={INDICATOR_CLASS[figures.tone]}
          className={cn(
            figures.tone === 'warning' && 'bg-amber-500/20',
            figures.tone === 'exhausted' && 'bg-destructive/20',
          )}
        />
        {figures.left > 0 ? (
          <p
            className={cn(
              'text-sm text-muted-foreground',
              figures.tone === 'warning' && 'font-medium text-amber-700',
            )}
          >
            {figures.left} left
          </p>
        ) : (
          <Button
            type="button"
            className="w-fit"
            disabled={upgrading}
            aria-busy={upgrading}
            onClick={() => void upgrade()}
          >
            {upgrading ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Upgrade
          </Button>
        )}
      </CardContent>
    </Card>
  );
};
