import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TAnalyticsOverview } from '#contract/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDay } from '../lib/format';

type Props = { daily: TAnalyticsOverview['daily'] };

/**
 * Views of the range's posts at the end of each day, from the stored snapshots. Recharts'
 * accessibility layer makes the chart focusable and readable point by point with the arrow keys.
 */
export const ViewsChart = ({ daily }: Props) => (
  <Card>
    <CardHeader>
      <CardTitle id="views-chart-title">Views over time</CardTitle>
      <CardDescription>Total views of these posts at the end of each day</CardDescription>
    </CardHeader>
    <CardContent>
      <div className="h-64 w-full" role="figure" aria-labelledby="views-chart-title">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart
            data={daily}
            accessibilityLayer
            title="Views over time"
            desc={`Views from ${daily[0] ? formatDay(daily[0].date) : ''} to ${daily.at(-1) ? formatDay(daily.at(-1)!.date) : ''}`}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <defs>
              <linearGradient id="views-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor="var(--color-primary)" stopOpacity={0.35} />
                <stop offset="95%" stopColor="var(--color-primary)" stopOpacity={0} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={formatDay}
              tickLine={false}
              axisLine={false}
              minTickGap={24}
              fontSize={12}
            />
            <YAxis
              tickFormatter={formatCount}
              tickLine={false}
              axisLine={false}
              width={48}
              fontSize={12}
            />
            <Tooltip
              labelFormatter={(label) => formatDay(String(label))}
              formatter={(value) => [formatCount(Number(value)), 'Views']}
            />
            <Area
              type="monotone"
              dataKey="views"
              name="Views"
              stroke="var(--color-primary)"
              strokeWidth={2}
              fill="url(#views-fill)"
              // Figures change only on a refresh; a sweeping draw-in would just delay reading them.
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </CardContent>
  </Card>
);
