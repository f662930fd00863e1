import type { TAnalyticsOverview } from '#contract/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatWhen } from '../lib/format';

/** docs/product/analytics.md rule 4 "recent activity": real events, newest first. */
export const RecentActivity = ({ activity }: { activity: TAnalyticsOverview['activity'] }) => (
  <Card role="region" aria-label="Recent activity">
    <CardHeader>
      <CardTitle>Recent activity</CardTitle>
      <CardDescription>Posts sent and posted, and first views counted</CardDescription>
    </CardHeader>
    <CardContent>
      {activity.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing happened in this range yet.</p>
      ) : (
        <ul className="space-y-2">
          {activity.map((event) => (
            <li key={`${event.kind}-${event.at}-${event.text}`} className="flex gap-3 text-sm">
              <time dateTime={event.at} className="w-28 shrink-0 text-muted-foreground">
                {formatWhen(event.at)}
              </time>
              <span className="min-w-0 break-words">{event.text}</span>
            </li>
          ))}
        </ul>
      )}
    </CardContent>
  </Card>
);
