import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { TDraft } from '#contract/drafts';
import type { TProduct } from '#contract/products';
import type { TUserVideo } from '#contract/user-videos';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { writeSession } from '@/lib/session-store';
import { draftFixture, productFixture } from '@/testing/fixtures';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubUseAuth } from '@/testing/module-stubs';
import * as hookFont from '../lib/hook-font';
import { HookDemoEditor } from './hook-demo-editor';

// The Hook + Demo editor's test bench, shared by its test files (one per concern): the server as
// the editor sees it, fixtures and helpers. Each file calls setUpHookDemoEditor() for the
// stand-ins and the per-test reset.

export const serumHooks = Array.from(
  { length: 20 },
  (_, i) => `Glow Serum day ${i + 1}: my dull skin finally glows`,
);

export const premade = Array.from({ length: 10 }, (_, i) => ({
  id: `pm${i + 1}`,
  name: `Character ${i + 1}`,
  url: `/media/characters/pm${i + 1}.mp4`,
  thumbnailUrl: `/media/characters/pm${i + 1}.jpg`,
  kind: 'video' as const,
}));

export const userVideo = (i: number): TUserVideo => ({
  name: `clip-${i}.mp4`,
  path: `users/u1/product-videos/00000000-0000-4000-8000-${String(i).padStart(12, '0')}.mp4`,
  signedUrl: `/files/v${i}.mp4?sig=1`,
  thumbnailUrl: `/files/v${i}.jpg?sig=1`,
  durationSec: 8,
  createdAt: '2025-03-04T15:30:00.000Z',
  originalUrl: null,
  width: null,
  height: null,
});

export const entitlements = (canGenerate: boolean) => ({
  canAccessApp: true,
  canGenerate,
  reason: canGenerate ? null : 'no_plan',
  plan: canGenerate ? 'plus' : 'free',
  limit: canGenerate ? 50 : null,
  remainingQuota: canGenerate ? 50 : 0,
  used: 0,
  periodStart: '2025-03-01T00:00:00.000Z',
  periodEnd: '2025-04-01T00:00:00.000Z',
});

type RenderStatus = {
  status: string;
  url?: string | null;
  error?: string | null;
};

type Api = {
  draft: TDraft;
  products: TProduct[];
  premade: typeof premade;
  library: unknown[];
  /** What POST /api/characters/upload answers (and adds to the library). */
  uploadedClip: unknown;
  videos: TUserVideo[];
  canGenerate: boolean;
  hook: { status: number; body: unknown };
  /** Each status call takes the next one; the last one repeats. */
  statuses: RenderStatus[];
  submitStatus: number;
  upload: { status: number; body: unknown };
  /** What POST /api/products/{id}/analyze writes; the stored brief when null. */
  analyzed: TProduct['aiBrief'];
  /** GET /api/config's `voice`: whether a voice can read the hook (decision 140). */
  voice: boolean;
};
export let api: Api;
export let fetchStub: ReturnType<typeof stubFetch>;
export let queryClient: QueryClient;
export let openUpgradeDialog: ReturnType<typeof vi.fn<(reason: string) => void>>;

export const videoDraft = (over: Partial<TDraft> = {}) => draftFixture({ type: 'video', ...over });

export const renderEditor = (draftId: string | undefined = 'd1') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/create?type=video&draftId=d1']}>
        <HookDemoEditor draftId={draftId} onBack={() => {}} openUpgradeDialog={openUpgradeDialog} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

/** A draft Generate accepts: hook, product, character and product video; `over` adds assets. */
export const readyDraft = (over: Record<string, unknown> = {}) =>
  videoDraft({
    productId: 'p1',
    hook: serumHooks[0]!,
    assets: {
      selectedCharacter: '/media/characters/pm3.mp4',
      selectedCharacterId: 'pm3',
      productVideos: [userVideo(1).path],
      ugcMediaType: 'premade',
      textFontScale: 1.2,
      textYOffset: 0.1,
      ...over,
    },
  });

export const renderCalls = () =>
  fetchStub.fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/shotstack/render'));

export const generate = async (u: ReturnType<typeof userEvent.setup>) => {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Generate' })).not.toHaveAttribute('aria-disabled'),
  );
  await u.click(screen.getByRole('button', { name: 'Generate' }));
};

/** The editor is open once its draft has loaded (the first render also loads its modules). */
export const editorOpen = async () =>
  expect(await screen.findByLabelText('Hook text', {}, { timeout: 5000 })).toBeVisible();

export const toast = async (title: string, description?: string) => {
  expect(await screen.findByText(title, { selector: 'li *' }, { timeout: 3000 })).toBeVisible();
  if (description) expect(screen.getByText(description, { selector: 'li *' })).toBeVisible();
};

/** What reached PATCH /api/drafts/d1, in order. */
export const draftPatches = () =>
  fetchStub
    .calls('/api/drafts/d1')
    .filter((c) => c.method === 'PATCH')
    .map((c) => c.body);

/** How a <video> reads a file's metadata in this test: a duration, or a failure to load. */
export const fakeVideoMetadata = (duration: number | 'error') => {
  URL.createObjectURL = vi.fn(() => 'blob:local-video');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(
    duration === 'error' ? NaN : duration,
  );
  const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')!;
  vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value: string,
  ) {
    original.set!.call(this, value);
    if (value === 'blob:local-video') {
      setTimeout(() =>
        (duration === 'error' ? this.onerror : this.onloadedmetadata)?.call(
          this,
          new Event(duration === 'error' ? 'error' : 'loadedmetadata'),
        ),
      );
    }
  });
};

const campaignItem = {
  id: 'item-1',
  campaignId: 'camp-1',
  productId: 'p1',
  type: 'video',
  strategy: 'problem_solution',
  hook: 'From the campaign',
  caption: null,
  hashtags: [],
  carouselPlan: null,
  assets: {},
  dateScheduled: null,
  status: 'planned',
  createdAt: '2025-03-04T15:30:00.000Z',
  lastJob: null,
};

const reset = () => {
  queryClient = createQueryClient();
  openUpgradeDialog = vi.fn<(reason: string) => void>();
  // jsdom has no canvas or font loading; the overlay's drawing is checked in the journey.
  vi.spyOn(hookFont, 'loadHookFont').mockImplementation(async () => {});
  stubUseAuth(() => ({ isAuthenticated: true, user: { id: 'u1' } }));
  localStorage.clear();
  // Signed in as far as the API client knows too (uploads need a session).
  writeSession({ token: 'test-token', expiresAt: '2999-01-01T00:00:00.000Z' });
  let statusCalls = 0;
  api = {
    draft: videoDraft(),
    products: [
      productFixture({
        description: 'A vitamin C serum for dull skin',
        aiBrief: { hooks: serumHooks, hooksSeeds: [], voice: '', hashtags: [] },
      }),
    ],
    premade,
    library: [],
    uploadedClip: {
      id: 'clip1',
      userId: 'u1',
      name: 'me-talking',
      description: 'Your own creator clip',
      imageUrl: '/media/characters/g1.jpg?k=cap',
      stylePreset: 'iphone',
      characterId: 'g1',
      metadata: { source: 'upload' },
      clipUrl: '/media/characters/g1.mp4?k=cap',
      faceBox: { left: 0.25, top: 0.3, right: 0.75, bottom: 0.6 },
      createdAt: '2026-11-26T01:00:00.000Z',
    },
    videos: [userVideo(1), userVideo(2)],
    canGenerate: true,
    hook: {
      status: 200,
      body: { hook: 'Fresh AI hook about Glow Serum', hooks: ['Fresh AI hook about Glow Serum'] },
    },
    statuses: [{ status: 'done', url: '/files/renders/r1.mp4' }],
    submitStatus: 200,
    upload: { status: 200, body: null },
    analyzed: null,
    voice: false,
  };
  fetchStub = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/drafts/d1' && method === 'GET') return json(api.draft);
    if (url === '/api/drafts/d1' && method === 'PATCH') return json(api.draft);
    if (url === '/api/drafts/d1' && method === 'DELETE') return new Response(null, { status: 204 });
    if (url === '/api/products') return json(api.products);
    if (url === '/api/campaign-items/item-1') return json(campaignItem);
    if (url === '/api/campaigns/camp-1/items/item-1' && method === 'PATCH')
      return json(campaignItem);
    if (url === '/api/entitlements') return json(entitlements(api.canGenerate));
    if (url === '/api/events') return json({ id: 'e1' });
    if (url === '/api/queue') return json({ items: [] });
    if (url === '/api/characters/list') return json({ files: api.premade });
    if (url === '/api/config') {
      return json({
        appUrl: 'http://localhost',
        supportEmail: 'support@example.com',
        pixel: null,
        mailOutbox: true,
        tiktok: 'sandbox',
        voice: api.voice,
      });
    }
    if (url === '/api/voice/hook' && method === 'POST') {
      const { seconds } = JSON.parse(String(init.body)) as { seconds: number };
      return json({ url: '/files/users/u1/voice/v1.wav?sig=1', seconds }, 201);
    }
    if (url === '/api/characters') return json({ characters: api.library });
    if (url === '/api/characters/upload' && method === 'POST') {
      api.library = [api.uploadedClip, ...api.library];
      return json(api.uploadedClip, 201);
    }
    if (url === '/api/user-videos/list?unsigned=1') return json({ files: api.videos });
    if (url === '/api/user-videos/sign') {
      const { paths } = JSON.parse(String(init.body)) as { paths: string[] };
      return json({
        signed: paths.map((path) => ({
          path,
          signedUrl: `/files/signed/${path}`,
          originalUrl: null,
        })),
      });
    }
    if (url === '/api/upload/videos') {
      if (api.upload.status !== 200) return apiError(api.upload.status, 'Nope', 'validation_error');
      const stored = userVideo(9);
      return json({ urls: [stored.signedUrl], paths: [stored.path], files: [stored], error: null });
    }
    if (url === '/api/ai/generate-video-hook') {
      return api.hook.status === 200
        ? json(api.hook.body)
        : apiError(api.hook.status, 'The AI is busy', 'ai_unavailable');
    }
    if (url.startsWith('/api/products/') && url.endsWith('/analyze')) {
      return json({ aiBrief: api.analyzed ?? api.products[0]!.aiBrief });
    }
    if (url.startsWith('/api/shotstack/render')) {
      if (api.submitStatus !== 200) {
        return apiError(api.submitStatus, 'Upgrade to generate', 'payment_required');
      }
      return json({
        response: { id: 'r1', status: 'queued' },
        message: 'Render Successfully Queued',
        environment: 'local',
      });
    }
    if (url.startsWith('/api/shotstack/status/r1')) {
      const next = api.statuses[Math.min(statusCalls++, api.statuses.length - 1)]!;
      return json({
        response: {
          id: 'r1',
          status: next.status,
          error: next.error ?? null,
          url: next.url ?? null,
          progress: 0,
        },
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
export const setUpHookDemoEditor = () => {
  beforeEach(reset);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};
