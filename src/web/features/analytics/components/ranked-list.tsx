import type { TAnalyticsRanked } from '#contract/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatRate } from '../lib/format';

type Props = {
  title: string;
  description: string;
  items: TAnalyticsRanked[];
  empty: string;
};

/** A top-five list (hooks, characters, templates) ranked by views, with engagement. */
export const RankedList = ({ title, description, items, empty }: Props) => {
  const top = items[0]?.counts.views ?? 0;
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ol className="space-y-3">
            {items.map((item) => (
              <li key={item.key} className="space-y-1">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 font-medium break-words">{item.label}</span>
                  <span className="shrink-0 tabular-nums">
                    {formatCount(item.counts.views)} views
                  </span>
                </div>
                <div className="h-1.5 rounded bg-muted" aria-hidden="true">
                  <div
                    className="h-1.5 rounded bg-primary"
                    style={{ width: `${top > 0 ? (item.counts.views / top) * 100 : 0}%` }}
                  />
                </div>
                <p className="text-xs text-muted-foreground">
                  {item.posts} {item.posts === 1 ? 'post' : 'posts'} · engagement{' '}
                  {formatRate(item.counts.engagementRate)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
};
