import { useQueryClient } from '@tanstack/react-query';
import { Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type {
  TAnalyticsOverview,
  TAnalyticsPost,
  TAnalyticsRange,
  TAnalyticsRefreshResponse,
} from '#contract/analytics';
import { ANALYTICS_DEFAULT_RANGE, ANALYTICS_RANGES, ZAnalyticsRange } from '#contract/analytics';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import {
  invalidateAnalytics,
  useAnalytics,
  useMakeMore,
  useRefreshAnalytics,
} from '../api/analytics-api';
import { formatWhen } from '../lib/format';
import { ContentTypes } from './content-types';
import { MetricCards } from './metric-cards';
import { RankedList } from './ranked-list';
import { RecentActivity } from './recent-activity';
import { TopPosts } from './top-posts';
import { ViewsChart } from './views-chart';

/** Activity that means a post reached TikTok (decision 085: refused sends are not among them). */
const SENT_KINDS = new Set(['post_sent', 'campaign_sent', 'post_published']);

/** A refresh stops following the sync after this long, whatever happened. */
const REFRESH_FOLLOW_MS = 60_000;

type RefreshWords = { ok: boolean; title: string; text: string };

/** What a refresh did, in one title and one line per account (named when there are several). */
export const refreshWords = (result: TAnalyticsRefreshResponse): RefreshWords => {
  const several = result.accounts.length > 1;
  const ok = result.accounts.every((a) => a.status === 'ok' || a.status === 'reading');
  const done = result.accounts.every((a) => a.status === 'ok');
  return {
    ok,
    title: done ? 'Read from TikTok' : ok ? 'Reading from TikTok' : 'Could not read from TikTok',
    text: result.accounts
      .map((a) => (several ? `${a.displayName}: ${a.message}` : a.message))
      .join(' '),
  };
};

const message = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : 'Something went wrong. Try again.';

const EmptyState = ({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: React.ReactNode;
}) => (
  <Card role="region" aria-label={title} className="mx-auto max-w-xl text-center">
    <CardHeader>
      <CardTitle>{title}</CardTitle>
      <CardDescription>{text}</CardDescription>
    </CardHeader>
    <CardContent className="flex justify-center">{action}</CardContent>
  </Card>
);

/** Accounts that cannot be read: each says what to do. */
const AccountAlerts = ({ data }: { data: TAnalyticsOverview }) => (
  <>
    {data.accounts
      .filter((a) => a.status === 'missing_scope' || a.status === 'reconnect_needed')
      .map((a) => (
        <Alert key={a.openId}>
          <AlertTitle>Reconnect TikTok to see analytics</AlertTitle>
          <AlertDescription>
            <p>
              {a.displayName}
              {a.username ? ` (@${a.username})` : ''}: {a.message}
            </p>
            <Link
              to={paths.settings.getHref('tiktok')}
              className="font-medium underline underline-offset-2"
            >
              Reconnect in Settings
            </Link>
          </AlertDescription>
        </Alert>
      ))}
    {data.accounts
      .filter((a) => a.status === 'failed')
      .map((a) => (
        <Alert key={a.openId} variant="destructive">
          <AlertTitle>TikTok could not be read for {a.displayName}</AlertTitle>
          <AlertDescription>{a.message}</AlertDescription>
        </Alert>
      ))}
  </>
);

/**
 * /analytics (docs/product/analytics.md rule 1, decisions 044–046): how the user's TikTok posts
 * perform, from the snapshots the analytics job stores; the figures TikTok's API cannot give say
 * so.
 */
export const AnalyticsPage = () => {
  const [params, setParams] = useSearchParams();
  const parsed = ZAnalyticsRange.safeParse(params.get('range'));
  const range: TAnalyticsRange = parsed.success ? parsed.data : ANALYTICS_DEFAULT_RANGE;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [following, setFollowing] = useState<{ since: string | null; until: number } | null>(null);
  const [poll, setPoll] = useState(false);
  const [lastRefresh, setLastRefresh] = useState<RefreshWords | null>(null);
  const query = useAnalytics(range, poll);
  const data = query.data;
  // A refresh is followed until every account has been read again, or for a minute at most.
  const refreshing =
    following !== null &&
    !(
      query.dataUpdatedAt > following.until ||
      (data !== undefined &&
        data.accounts.length > 0 &&
        data.accounts.every((a) => a.syncedAt !== null && a.syncedAt !== following.since))
    );
  if (poll !== refreshing) setPoll(refreshing);
  const refresh = useRefreshAnalytics();
  const makeMore = useMakeMore(queryClient);
  const [making, setMaking] = useState<string | null>(null);

  // The server reads TikTok within the request and says per account what happened (decision
  // 113); only a read that outlasts the request is followed here.
  const startRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (result) => {
        const said = refreshWords(result);
        setLastRefresh(said);
        toast({
          title: said.title,
          description: said.text,
          ...(said.ok ? {} : { variant: 'destructive' as const }),
        });
        if (result.accounts.some((a) => a.status === 'reading')) {
          setFollowing({
            since: data?.lastSyncedAt ?? null,
            until: Date.now() + REFRESH_FOLLOW_MS,
          });
        }
        void invalidateAnalytics(queryClient);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not refresh', description: message(error) }),
    });

  const onMakeMore = (post: TAnalyticsPost) => {
    setMaking(post.id);
    makeMore.mutate(post.id, {
      onSuccess: (result) => {
        toast({ title: 'Draft created', description: `New hook: ${result.hook}` });
        void navigate(
          `${paths.create.getHref()}?type=${result.draft.type}&draftId=${encodeURIComponent(result.draft.id)}`,
        );
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not make a new draft',
          description: message(error),
        }),
      onSettled: () => setMaking(null),
    });
  };

  const rangeControl = (
    <div className="flex items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-range">Date range</Label>
        <NativeSelect
          id="analytics-range"
          value={range}
          onChange={(e) => setParams({ range: e.target.value }, { replace: true })}
        >
          {Object.entries(ANALYTICS_RANGES).map(([key, r]) => (
            <NativeSelectOption key={key} value={key}>
              {r.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <Button
        variant="outline"
        onClick={startRefresh}
        disabled={refresh.isPending || refreshing || data?.connected === false}
      >
        {refresh.isPending || refreshing ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCw aria-hidden="true" />
        )}
        {refreshing ? 'Refreshing…' : 'Refresh'}
      </Button>
    </div>
  );

  const readable = data?.accounts.some((a) => a.status === 'ok' || a.status === 'pending');
  // Posts went out since TikTok was last read (or it never was): "none yet" would be untrue.
  const unreadPosts =
    data?.activity.some(
      (a) => SENT_KINDS.has(a.kind) && (!data.lastSyncedAt || a.at > data.lastSyncedAt),
    ) ?? false;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics"
        subtitle="How your content performs on TikTok"
        action={rangeControl}
      />
      <p className="sr-only" aria-live="polite">
        {refresh.isPending || refreshing ? 'Reading your posts from TikTok…' : ''}
      </p>
      {query.isError && !data && (
        <Alert variant="destructive">
          <AlertTitle>Analytics could not be loaded</AlertTitle>
          <AlertDescription>{message(query.error)}</AlertDescription>
        </Alert>
      )}
      {!data && query.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Loading analytics">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      )}
      {data && !data.connected && (
        <EmptyState
          title="Connect TikTok to see analytics"
          text="Hookreel reads the views, likes, comments and shares of your public TikTok posts once your account is connected."
          action={
            <Button asChild>
              <Link to={paths.settings.getHref('tiktok')}>Connect TikTok</Link>
            </Button>
          }
        />
      )}
      {data?.connected && (
        <>
          <AccountAlerts data={data} />
          <p className="text-sm text-muted-foreground">
            {data.lastSyncedAt
              ? `Last read from TikTok ${formatWhen(data.lastSyncedAt)}. Figures update every hour.`
              : readable
                ? 'Your posts have not been read from TikTok yet: press Refresh, or they are read within the hour.'
                : ''}
          </p>
          {lastRefresh ? (
            <p
              role="status"
              aria-label="Last refresh"
              className={lastRefresh.ok ? 'text-sm' : 'text-sm text-destructive'}
            >
              {lastRefresh.text}
            </p>
          ) : null}
          {data.totals.posts === 0 && unreadPosts ? (
            <EmptyState
              title="Your posts have not been read from TikTok yet"
              text="Hookreel sent posts to TikTok, and their figures show here once TikTok has been read: press Refresh, or wait for the hourly read."
              action={
                <Button
                  type="button"
                  onClick={startRefresh}
                  disabled={refresh.isPending || refreshing}
                >
                  Read from TikTok now
                </Button>
              }
            />
          ) : data.totals.posts === 0 ? (
            <EmptyState
              title="No published posts yet"
              text="Send a carousel or a Hook + Demo video to your TikTok inbox, post it from the TikTok app, and its views show here."
              action={
                <Button asChild>
                  <Link to={paths.create.getHref()}>Create an ad</Link>
                </Button>
              }
            />
          ) : (
            <>
              <MetricCards data={data} />
              <ViewsChart daily={data.daily} />
              <div className="grid gap-6 lg:grid-cols-2">
                <ContentTypes items={data.byType} />
                <RecentActivity activity={data.activity} />
              </div>
              <TopPosts posts={data.topPosts} onMakeMore={onMakeMore} making={making} />
              <div className="grid gap-6 lg:grid-cols-3">
                <RankedList
                  title="Top hooks"
                  description="The opening lines that drew the most views"
                  items={data.topHooks}
                  empty="No posts made in Hookreel in this range."
                />
                <RankedList
                  title="Top characters"
                  description="The AI characters of your Hook + Demo videos"
                  items={data.topCharacters}
                  empty="No posts with a character in this range."
                />
                <RankedList
                  title="Top templates"
                  description="The templates your posts started from"
                  items={data.topTemplates}
                  empty="No posts from a template in this range."
                />
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
};
