import type { TAnalyticsRanked } from '#contract/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatRate } from '../lib/format';

/**
 * docs/product/analytics.md rule 3 "performance by content type": carousels against Hook + Demo
 * videos.
 */
export const ContentTypes = ({ items }: { items: TAnalyticsRanked[] }) => (
  <Card role="region" aria-label="Performance by content type">
    <CardHeader>
      <CardTitle>Performance by content type</CardTitle>
      <CardDescription>Posts made in Hookreel, by the tool that made them</CardDescription>
    </CardHeader>
    <CardContent>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="pb-2 font-normal">
              Type
            </th>
            <th scope="col" className="pb-2 text-right font-normal">
              Posts
            </th>
            <th scope="col" className="pb-2 text-right font-normal">
              Views
            </th>
            <th scope="col" className="pb-2 text-right font-normal">
              Engagement
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.key} className="border-t">
              <th scope="row" className="py-2 text-left font-medium">
                {item.label}
              </th>
              <td className="py-2 text-right tabular-nums">{item.posts}</td>
              <td className="py-2 text-right tabular-nums">{formatCount(item.counts.views)}</td>
              <td className="py-2 text-right tabular-nums">
                {formatRate(item.counts.engagementRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </CardContent>
  </Card>
);
