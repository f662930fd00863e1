import { ArrowRight, CalendarClock, Film, Images } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useAllCampaignItems } from '../api/get-campaign-items';
import { useCampaigns } from '../api/get-campaigns';
import { campaignColors } from '../lib/campaign-colors';
import { editorHref, itemTitle, typeLabel } from '../lib/item-text';
import { zonedLabel } from '../lib/zoned-time';

const SHOWN = 5;

/**
 * The dashboard's "Campaigns schedule" card (docs/product/dashboard.md rule 1, made real: decision
 * 051): the next scheduled posts of every campaign, each opening its editor. Failures to read a
 * campaign's items leave it out quietly (docs/product/campaigns.md rule 8).
 */
export const CampaignsScheduleCard = () => {
  const campaigns = useCampaigns();
  const list = useMemo(() => campaigns.data ?? [], [campaigns.data]);
  const ids = useMemo(() => list.map((c) => c.id), [list]);
  const items = useAllCampaignItems(ids);
  const colors = useMemo(() => campaignColors(list), [list]);
  // "Upcoming" as of when the card was shown; a dashboard visit is short.
  const [now] = useState(() => Date.now());

  const upcoming = list
    .flatMap((campaign) =>
      (items.byCampaign.get(campaign.id) ?? [])
        .filter(
          (item) =>
            item.dateScheduled &&
            Date.parse(item.dateScheduled) >= now - 60 * 60_000 &&
            item.lastJob?.status !== 'done',
        )
        .map((item) => ({ item, campaign })),
    )
    .sort((a, b) => (a.item.dateScheduled ?? '').localeCompare(b.item.dateScheduled ?? ''))
    .slice(0, SHOWN);

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>
            <h2 className="text-base font-semibold">Campaigns schedule</h2>
          </CardTitle>
          <CardDescription>Your next posts on their way to TikTok</CardDescription>
        </div>
        <Link
          to={paths.campaigns.getHref()}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          Open calendar
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardHeader>
      <CardContent>
        {campaigns.isPending ? (
          <div role="status" aria-label="Loading the schedule" className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : upcoming.length === 0 ? (
          <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/30 px-6 py-10 text-center">
            <CalendarClock aria-hidden="true" className="size-8 text-muted-foreground/70" />
            <p className="font-medium text-foreground">
              {list.length === 0 ? 'No campaigns yet' : 'Nothing scheduled'}
            </p>
            <p className="text-sm text-muted-foreground">
              {list.length === 0
                ? 'Plan a week of posts and we send each one to your TikTok inbox on its day.'
                : 'Open a campaign and schedule its items.'}
            </p>
            <Link
              to={paths.campaigns.getHref()}
              className="mt-1 text-sm font-medium text-primary hover:underline"
            >
              {list.length === 0 ? 'Create Campaign' : 'Go to Campaigns'}
            </Link>
          </div>
        ) : (
          <ul aria-label="Next scheduled posts" className="divide-y">
            {upcoming.map(({ item, campaign }) => {
              const Icon = item.type === 'carousel' ? Images : Film;
              return (
                <li key={item.id} className="flex items-center gap-3 py-2.5">
                  <span
                    aria-hidden="true"
                    className={cn('h-8 w-1 shrink-0 rounded-full', colors.get(campaign.id)?.dot)}
                  />
                  <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1">
                    <Link
                      to={editorHref(item)}
                      className="block truncate text-sm font-medium hover:underline"
                    >
                      <span className="sr-only">{typeLabel(item.type)}: </span>
                      {itemTitle(item)}
                    </Link>
                    <p className="truncate text-xs text-muted-foreground">
                      {zonedLabel(item.dateScheduled!, campaign.timezone)} · {campaign.name}
                    </p>
                  </div>
                  {item.lastJob ? (
                    <Badge variant={item.lastJob.status === 'failed' ? 'destructive' : 'secondary'}>
                      {item.lastJob.status}
                    </Badge>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
};
