import type { TAnalyticsOverview } from '#contract/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatRate } from '../lib/format';

type Props = { data: TAnalyticsOverview };

const Metric = ({
  title,
  value,
  note,
  unavailable = false,
}: {
  title: string;
  value: string;
  note: string;
  unavailable?: boolean;
}) => (
  <Card role="group" aria-label={title}>
    <CardHeader className="pb-2">
      <CardDescription>{title}</CardDescription>
      <CardTitle
        className={unavailable ? 'text-lg text-muted-foreground' : 'text-3xl tabular-nums'}
      >
        {value}
      </CardTitle>
    </CardHeader>
    <CardContent>
      <p className="text-xs text-muted-foreground">{note}</p>
    </CardContent>
  </Card>
);

/**
 * docs/product/analytics.md rule 2's four cards; the two TikTok cannot give say so and why
 * (decision 045).
 */
export const MetricCards = ({ data }: Props) => {
  const { totals } = data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Metric
        title="Total Views"
        value={formatCount(totals.views)}
        note={`${totals.posts} ${totals.posts === 1 ? 'post' : 'posts'} published in this range`}
      />
      <Metric
        title="Engagement Rate"
        value={formatRate(totals.engagementRate)}
        note={`(likes + comments + shares) ÷ views · ${formatCount(totals.likes)} likes, ${formatCount(totals.comments)} comments, ${formatCount(totals.shares)} shares`}
      />
      <Metric
        title="Conversions"
        value="Not available"
        note={data.conversions.reason}
        unavailable
      />
      <Metric
        title="Video Completion"
        value="Not available"
        note={data.completion.reason}
        unavailable
      />
    </div>
  );
};
