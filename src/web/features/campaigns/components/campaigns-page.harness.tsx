import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { TCampaign, TCampaignItem } from '#contract/campaigns';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { productFixture } from '@/testing/fixtures';
import { CampaignsPage } from './campaigns-page';

// The /campaigns page's test bench: the server as the page sees it, shared by its test files.
// Each file calls setUpCampaignsPage() for the per-test reset.

export const campaignFixture = (over: Partial<TCampaign> = {}): TCampaign => ({
  id: 'c1',
  name: 'Launch week',
  productId: 'p1',
  startDate: '2026-11-24',
  endDate: '2026-11-30',
  timezone: 'UTC',
  cadenceHours: 24,
  scheduleMode: 'interval',
  customDates: [],
  goal: 'Gym crowd',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const itemFixture = (over: Partial<TCampaignItem> = {}): TCampaignItem => ({
  id: 'i1',
  campaignId: 'c1',
  productId: 'p1',
  type: 'carousel',
  strategy: 'problem_solution',
  hook: 'Dull skin by noon?',
  caption: 'Glow that lasts',
  hashtags: ['skincare'],
  carouselPlan: {
    slides: [
      { text: 'Dull skin by noon?', imageUrl: '/media/a.jpg' },
      { text: 'Meet Glow Serum', imageUrl: '/media/b.jpg' },
    ],
  },
  assets: {},
  dateScheduled: '2026-11-25T09:00:00.000Z',
  status: 'assets_ready',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastJob: null,
  ...over,
});

type Api = {
  campaigns: TCampaign[];
  items: Record<string, TCampaignItem[]>;
  plan: TCampaignItem[] | number;
  plan402: boolean;
  aiPlan: unknown;
  patchStatus: number;
  plan402Ai: boolean;
  bulk: number;
  free: boolean;
};
export let api: Api;
export let fetchStub: ReturnType<typeof stubFetch>;
export let queryClient: QueryClient;
export let openUpgradeDialog: ReturnType<typeof vi.fn<(reason: string) => void>>;

const Where = () => {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
};
export const where = () => screen.getByTestId('where').textContent;

export const renderPage = (url = '/campaigns') =>
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path="/campaigns"
              element={<CampaignsPage openUpgradeDialog={openUpgradeDialog} />}
            />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );

/** A toast with this title (and description) is on screen. */
export const toast = async (title: string, description?: string) => {
  const region = screen.getByRole('region', { name: /Notifications/, hidden: true });
  expect(await within(region).findByText(title, { selector: 'li *' })).toBeVisible();
  if (description) {
    expect(await within(region).findByText(description, { selector: 'li *' })).toBeVisible();
  }
};

const bodyOf = (init: RequestInit) =>
  typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};

const findItem = (id: string) =>
  Object.values(api.items)
    .flat()
    .find((i) => i.id === id);

/** November 24, 2026, a fresh query client and the server's answers, for each test. */
const resetCampaignsPage = () => {
  // Only Date is faked: the calendar opens on November 2026, and user-event keeps its timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00.000Z'));
  queryClient = createQueryClient();
  openUpgradeDialog = vi.fn<(reason: string) => void>();
  api = {
    campaigns: [campaignFixture()],
    items: {
      c1: [
        itemFixture(),
        itemFixture({
          id: 'i2',
          type: 'video',
          strategy: 'demo',
          hook: 'Watch this',
          caption: null,
          carouselPlan: null,
          assets: { selectedCharacter: '/media/characters/ava.mp4' },
          dateScheduled: '2026-11-27T18:00:00.000Z',
          lastJob: {
            status: 'failed',
            updated_at: '2026-11-27T18:01:00.000Z',
            last_error: 'The TikTok account needs reconnecting.',
          },
        }),
        itemFixture({ id: 'i3', dateScheduled: null, hook: 'Unscheduled one' }),
      ],
    },
    plan: [],
    plan402: false,
    aiPlan: {
      slides: ['Hook', 'Why', 'How', 'Proof', 'Offer', 'Buy'],
      caption: 'New caption',
      hashtags: ['glow'],
      collection: 'spring',
    },
    patchStatus: 200,
    plan402Ai: false,
    bulk: 2,
    free: false,
  };
  fetchStub = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/campaigns' && method === 'GET') return json(api.campaigns);
    if (url === '/api/campaigns' && method === 'POST') {
      const created = campaignFixture({
        ...(bodyOf(init) as Partial<TCampaign>),
        id: 'c9',
        createdAt: '2026-11-24T12:00:00.000Z',
      });
      api.campaigns = [created, ...api.campaigns];
      api.items.c9 = [];
      return json(created);
    }
    const items = /^\/api\/campaigns\/([^/]+)\/items$/.exec(url);
    if (items && method === 'GET') {
      const list = api.items[items[1]!];
      return list ? json({ items: list }) : apiError(500, 'Database unavailable', 'internal');
    }
    const plan = /^\/api\/campaigns\/([^/]+)\/generate-plan$/.exec(url);
    if (plan) {
      if (api.plan402) return apiError(402, 'Campaigns need a paid plan', 'campaign_limit');
      if (typeof api.plan === 'number')
        return apiError(api.plan, 'The AI is busy', 'ai_unavailable');
      api.items[plan[1]!] = api.plan;
      return json({ items: api.plan });
    }
    const patch = /^\/api\/campaigns\/([^/]+)\/items\/([^/]+)$/.exec(url);
    if (patch && method === 'PATCH') {
      if (api.patchStatus !== 200) {
        return apiError(api.patchStatus, 'Not ready', 'campaign_assets_not_ready');
      }
      const body = bodyOf(init);
      const current = findItem(patch[2]!)!;
      const at = body.dateScheduled;
      const updated: TCampaignItem = {
        ...current,
        ...(body as Partial<TCampaignItem>),
        ...(typeof at === 'string' ? { dateScheduled: `${at.slice(0, 16)}:00.000Z` } : {}),
      };
      const list = api.items[patch[1]!]!;
      api.items[patch[1]!] = list.map((i) => (i.id === updated.id ? updated : i));
      return json(updated);
    }
    const bulk = /^\/api\/campaigns\/([^/]+)\/schedule\/bulk$/.exec(url);
    if (bulk) return json({ scheduled: api.bulk });
    const del = /^\/api\/campaigns\/([^/]+)$/.exec(url);
    if (del && method === 'DELETE') {
      api.campaigns = api.campaigns.filter((c) => c.id !== del[1]);
      return new Response(null, { status: 204 });
    }
    if (url === '/api/ai/generate-carousel-plan') {
      return api.plan402Ai
        ? apiError(402, 'Upgrade to keep using AI', 'ai_allowance_upgrade')
        : json(api.aiPlan);
    }
    if (url === '/api/ai/select-image-collection') return json({ key: 'spring' });
    if (url === '/api/carousel-images/collections/spring') {
      return json({ images: ['/media/s1.jpg', '/media/s2.jpg'] });
    }
    if (url === '/api/ai/generate-video-hook') {
      return json({ hook: 'Fresh hook', hooks: ['Fresh hook'] });
    }
    if (url === '/api/products') return json([productFixture()]);
    if (url === '/api/characters/list') {
      return json({
        files: [
          {
            id: 'ava',
            name: 'Ava',
            url: '/media/characters/ava.mp4',
            thumbnailUrl: '/media/characters/ava.jpg',
            kind: 'video',
          },
        ],
      });
    }
    if (url === '/api/entitlements') {
      return json({
        canAccessApp: true,
        canGenerate: !api.free,
        reason: api.free ? 'no_plan' : null,
        plan: api.free ? 'free' : 'plus',
        limit: api.free ? null : 50,
        remainingQuota: api.free ? 0 : 50,
        used: 0,
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
      });
    }
    return undefined;
  });
};

/**
 * Registers the bench's reset in the calling test file. The shared web project imports this
 * module once per worker (decision 146), so hooks registered when it is imported would reach
 * only the first file that imports it.
 */
export const setUpCampaignsPage = () => {
  beforeEach(resetCampaignsPage);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
};
