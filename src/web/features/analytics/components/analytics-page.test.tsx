import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAnalyticsOverview } from '#contract/analytics';
import { json, stubFetch } from '@/testing/fetch-mock';
import { AnalyticsPage, refreshWords } from './analytics-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const counts = (views: number, likes = 0) => ({
  views,
  likes,
  comments: 0,
  shares: 0,
  engagementRate: views > 0 ? likes / views : null,
});

const overview = (over: Partial<TAnalyticsOverview> = {}): TAnalyticsOverview => ({
  range: '28d',
  from: '2026-10-28T00:00:00.000Z',
  to: '2026-11-24T21:00:00.000Z',
  connected: true,
  accounts: [
    {
      openId: 'o1',
      displayName: 'Maya',
      username: 'maya',
      status: 'ok',
      message: null,
      syncedAt: '2026-11-24T20:00:00.000Z',
      followerCount: 10,
      videoCount: 1,
    },
  ],
  lastSyncedAt: '2026-11-24T20:00:00.000Z',
  totals: { ...counts(0), posts: 0 },
  conversions: { available: false, reason: 'No pixel.' },
  completion: { available: false, reason: 'No watch time.' },
  byType: [],
  topPosts: [],
  topHooks: [],
  topCharacters: [],
  topTemplates: [],
  daily: [],
  activity: [],
  ...over,
});

const Where = () => {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
};

const renderPage = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/analytics']}>
        <Routes>
          <Route path="/analytics" element={<AnalyticsPage />} />
          <Route path="/create" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('AnalyticsPage', () => {
  it('points a seller without TikTok to Settings', async () => {
    stubFetch((url) =>
      url.startsWith('/api/analytics')
        ? json(overview({ connected: false, accounts: [] }))
        : undefined,
    );
    renderPage();
    const empty = await screen.findByRole('region', { name: 'Connect TikTok to see analytics' });
    expect(within(empty).getByRole('link', { name: 'Connect TikTok' })).toHaveAttribute(
      'href',
      '/settings?tab=tiktok',
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });

  it('says the first read is pending, not "no posts", when posts went out but TikTok was never read', async () => {
    stubFetch((url) =>
      url.startsWith('/api/analytics')
        ? json(
            overview({
              accounts: [{ ...overview().accounts[0]!, status: 'pending', syncedAt: null }],
              lastSyncedAt: null,
              activity: [
                {
                  kind: 'post_sent',
                  at: '2026-11-24T20:00:00.000Z',
                  text: 'Carousel “Mug” sent to TikTok',
                },
              ],
            }),
          )
        : undefined,
    );
    renderPage();
    expect(
      await screen.findByRole('region', { name: 'Your posts have not been read from TikTok yet' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'No published posts yet' })).toBeNull();
  });

  it('says "not read yet" for a post sent after the last read, not "no posts"', async () => {
    stubFetch((url) =>
      url.startsWith('/api/analytics')
        ? json(
            overview({
              activity: [
                {
                  kind: 'post_published',
                  at: '2026-11-24T20:30:00.000Z',
                  text: 'Carousel “Mug” posted on TikTok',
                },
              ],
            }),
          )
        : undefined,
    );
    renderPage();
    expect(
      await screen.findByRole('region', { name: 'Your posts have not been read from TikTok yet' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'No published posts yet' })).toBeNull();
  });

  it.each([
    {
      status: 'ok' as const,
      message: 'Read 3 videos from TikTok just now.',
      title: 'Read from TikTok',
    },
    {
      status: 'rate_limited' as const,
      message:
        'TikTok limits how often Hookreel may read this account, so it was not read now. Press Refresh again in 42 s.',
      title: 'Could not read from TikTok',
    },
    {
      status: 'reconnect_needed' as const,
      message: 'Reconnect TikTok to see analytics: the connection has expired.',
      title: 'Could not read from TikTok',
    },
  ])('Refresh says what it did when it is done: $status', async ({ status, message, title }) => {
    const account = {
      openId: 'o1',
      displayName: 'Maya',
      videos: status === 'ok' ? 3 : null,
      retryAfterSeconds: status === 'rate_limited' ? 42 : null,
    };
    const fetch = stubFetch((url, init) => {
      if (url === '/api/analytics/refresh' && init.method === 'POST') {
        return json({
          accounts: [{ ...account, status, message }],
        });
      }
      return url.startsWith('/api/analytics') ? json(overview()) : undefined;
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('status', { name: 'Last refresh' })).toHaveTextContent(message);
    expect(refreshWords({ accounts: [{ ...account, status, message }] }).title).toBe(title);
    expect(fetch.calls('/api/analytics/refresh')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('asks to reconnect an account without video.list, and says there are no posts yet', async () => {
    stubFetch((url) =>
      url.startsWith('/api/analytics')
        ? json(
            overview({
              accounts: [
                {
                  ...overview().accounts[0]!,
                  status: 'missing_scope',
                  message: 'Reconnect TikTok to see analytics: no permission.',
                },
              ],
              lastSyncedAt: null,
            }),
          )
        : undefined,
    );
    renderPage();
    expect(await screen.findByText('Reconnect in Settings')).toHaveAttribute(
      'href',
      '/settings?tab=tiktok',
    );
    expect(screen.getByRole('region', { name: 'No published posts yet' })).toBeInTheDocument();
  });

  it('shows the figures, the honest "Not available", and makes more like a top post', async () => {
    const page = overview({
      totals: { ...counts(4154, 396), posts: 1 },
      byType: [
        { key: 'carousel', label: 'Photo carousel', posts: 1, counts: counts(4154, 396) },
        { key: 'hook_demo', label: 'Hook + Demo video', posts: 0, counts: counts(0) },
      ],
      topPosts: [
        {
          id: 'row-1',
          videoId: '7300000000000000001',
          title: 'Glow serum in 3 slides',
          hook: 'Dark spots? Meet Glow Serum',
          contentType: 'carousel',
          productName: 'Glow Serum',
          shareUrl: null,
          publishedAt: '2026-11-24T18:00:00.000Z',
          fromHookreel: true,
          counts: counts(4154, 396),
        },
      ],
      topHooks: [
        {
          key: 'Dark spots? Meet Glow Serum',
          label: 'Dark spots? Meet Glow Serum',
          posts: 1,
          counts: counts(4154, 396),
        },
      ],
      daily: [{ date: '2026-11-24', views: 4154, engagements: 396 }],
    });
    const fetches = stubFetch((url, init) => {
      if (url.startsWith('/api/analytics?')) return json(page);
      if (url === '/api/analytics/posts/row-1/make-more' && init.method === 'POST') {
        return json({ draft: { id: 'd-new', type: 'carousel' }, hook: 'Fresh hook' }, 201);
      }
      return undefined;
    });
    renderPage();
    const views = await screen.findByRole('group', { name: 'Total Views' });
    expect(views).toHaveTextContent('4,154');
    expect(screen.getByRole('group', { name: 'Engagement Rate' })).toHaveTextContent('9.5%');
    expect(screen.getByRole('group', { name: 'Conversions' })).toHaveTextContent(
      'Not availableNo pixel.',
    );
    expect(screen.getByRole('group', { name: 'Video Completion' })).toHaveTextContent(
      'Not availableNo watch time.',
    );
    expect(screen.getByRole('region', { name: 'Top hooks' })).toHaveTextContent(
      'Dark spots? Meet Glow Serum4,154 views',
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Make more like this: Glow serum in 3 slides' }),
    );
    expect(await screen.findByText('At /create?type=carousel&draftId=d-new')).toBeInTheDocument();
    expect(fetches.calls('/api/analytics/posts/row-1/make-more')).toHaveLength(1);
  });

  it('reads the range from the URL choice and asks the server for it', async () => {
    const fetches = stubFetch((url) =>
      url.startsWith('/api/analytics?') ? json(overview({ range: '7d' })) : undefined,
    );
    renderPage();
    const select = await screen.findByLabelText('Date range');
    expect(select).toHaveValue('28d');
    await userEvent.selectOptions(select, 'Last 7 days');
    await vi.waitFor(() => expect(fetches.calls('/api/analytics?range=7d')).toHaveLength(1));
    expect(fetches.calls('/api/analytics?range=28d')).toHaveLength(1);
  });
});
