import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { briefPolling } from '@/lib/products/start-analysis';
import { queryKeys } from '@/lib/query-keys';
import { PRELOAD_STEPS, runPreload } from './preload';

type Handler = (
  url: string,
  init: RequestInit,
) => Response | undefined | Promise<Response | undefined>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

/** Routes fetch calls through `handler`; anything it does not answer is a 404. */
const mockFetch = (handler: Handler = () => undefined) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    return (await handler(url, init)) ?? notFound();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const calledUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

/** A fetch that only ends when its request is aborted, like a server that never answers. */
const hang = (init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });

class ImageStub {
  static active = 0;
  static maxActive = 0;
  static sources: string[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(value: string) {
    ImageStub.sources.push(value);
    ImageStub.active += 1;
    ImageStub.maxActive = Math.max(ImageStub.maxActive, ImageStub.active);
    setTimeout(() => {
      ImageStub.active -= 1;
      this.onload?.();
    }, 5);
  }
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  ImageStub.active = 0;
  ImageStub.maxActive = 0;
  ImageStub.sources = [];
  vi.stubGlobal('Image', ImageStub);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('runPreload', () => {
  it('finishes with empty results when every endpoint answers 404, reporting each step', async () => {
    const fetchMock = mockFetch();
    const queryClient = newClient();
    const onStep = vi.fn();

    const result = await runPreload({ queryClient, onStep });

    expect(result).toEqual({
      products: [],
      collections: [],
      coversWarmed: 0,
      drafts: [],
      imageList: {},
    });
    expect(onStep.mock.calls.map(([step]) => step)).toEqual([
      { text: 'Loading products...', progress: 10 },
      { text: 'Generating hooks...', progress: 20 },
      { text: 'Loading collections...', progress: 30 },
      { text: 'Warming covers...', progress: 45 },
      { text: 'Fetching drafts...', progress: 60 },
      { text: 'Listing images...', progress: 75 },
      { text: 'Finalizing...', progress: 90 },
    ]);
    expect(calledUrls(fetchMock)).toEqual([
      'GET /api/products',
      'GET /api/carousel-images/collections',
      'GET /api/drafts?limit=8',
      'GET /api/carousel-images/list',
    ]);
    // A failed step must not pin an empty answer in the cache for the feature's own query.
    const preloaded = [
      queryKeys.products,
      queryKeys.collections,
      queryKeys.drafts.recent,
      queryKeys.imageList,
    ];
    for (const key of preloaded) {
      expect(queryClient.getQueryData(key)).toBeUndefined();
    }
  });

  it('caches every answer under the key made of its URL', async () => {
    const collections = { collections: [{ coverUrl: '/covers/a.jpg' }, { name: 'no cover' }] };
    const drafts = [{ id: 'd1' }];
    const list = { platformImages: [], userImages: [] };
    mockFetch((url) => {
      if (url === '/api/products') return json([{ id: 'p1', aiBrief: { hooks: ['Stop!'] } }]);
      if (url === '/api/carousel-images/collections') return json(collections);
      if (url === '/api/drafts?limit=8') return json(drafts);
      if (url === '/api/carousel-images/list') return json(list);
      return undefined;
    });
    const queryClient = newClient();

    const result = await runPreload({ queryClient });

    expect(queryClient.getQueryData(['/api/products'])).toEqual([
      { id: 'p1', aiBrief: { hooks: ['Stop!'] } },
    ]);
    expect(queryClient.getQueryData(['/api/carousel-images/collections'])).toEqual(collections);
    expect(queryClient.getQueryData(['/api/drafts?limit=8'])).toEqual(drafts);
    expect(queryClient.getQueryData(['/api/carousel-images/list'])).toEqual(list);
    expect(result.coversWarmed).toBe(1);
    expect(ImageStub.sources).toEqual(['/covers/a.jpg']);
  });

  it('analyses a product without hooks and replaces it in the cached list', async () => {
    const analysed = { id: 'p2', name: 'Mug', aiBrief: { hooks: ['POV: your coffee stays hot'] } };
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/products') {
        return json([
          { id: 'p1', name: 'Lamp', aiBrief: { hooks: ['Glow up'] } },
          { id: 'p2', name: 'Mug', aiBrief: { hooks: [] } },
          { id: 'p3', name: 'Cap' },
        ]);
      }
      if (url === '/api/products/p2/analyze' && init.method === 'POST') return json({ ok: true });
      if (url === '/api/products/p2') return json(analysed);
      // p3's analysis fails: silently ignored, p3 stays as it was.
      return undefined;
    });
    const queryClient = newClient();

    const result = await runPreload({ queryClient });

    expect(calledUrls(fetchMock)).toEqual(
      expect.arrayContaining([
        'POST /api/products/p2/analyze',
        'GET /api/products/p2',
        'POST /api/products/p3/analyze',
      ]),
    );
    expect(calledUrls(fetchMock)).not.toContain('POST /api/products/p1/analyze');
    expect(queryClient.getQueryData(['/api/products'])).toEqual([
      { id: 'p1', name: 'Lamp', aiBrief: { hooks: ['Glow up'] } },
      analysed,
      { id: 'p3', name: 'Cap' },
    ]);
    expect(result.products[1]).toEqual(analysed);
  });

  it('reads a product whose brief the server is still writing (202) until the brief shows', async () => {
    const pause = briefPolling.pause;
    briefPolling.pause = async () => undefined;
    const mug = (aiBrief: { hooks: string[] } | null) => ({
      id: 'p2',
      name: 'Mug',
      description: '',
      images: [],
      thumbnails: [],
      isDefault: true,
      brandVoice: null,
      aiBrief,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
    let reads = 0;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/products') return json([mug(null)]);
      if (url === '/api/products/p2/analyze' && init.method === 'POST') {
        return json({ aiBrief: null }, 202);
      }
      if (url === '/api/products/p2') {
        reads += 1;
        return json(mug(reads < 3 ? null : { hooks: ['POV: still hot'] }));
      }
      return undefined;
    });
    const queryClient = newClient();
    try {
      await runPreload({ queryClient });
    } finally {
      briefPolling.pause = pause;
    }

    expect(calledUrls(fetchMock).filter((c) => c === 'GET /api/products/p2')).toHaveLength(3);
    expect(queryClient.getQueryData(['/api/products'])).toEqual([
      expect.objectContaining({
        id: 'p2',
        aiBrief: { hooks: ['POV: still hot'], hooksSeeds: [], voice: '', hashtags: [] },
      }),
    ]);
  });

  it('ignores a re-fetched product whose id differs, and puts a missing one at the front', async () => {
    const queryClient = newClient();
    mockFetch((url) => {
      if (url === '/api/products') {
        return json([
          { id: 'p1', aiBrief: null },
          { id: 'p2', aiBrief: null },
        ]);
      }
      if (url === '/api/products/p1/analyze') {
        // Meanwhile something else rewrote the cached list without p1.
        queryClient.setQueryData(['/api/products'], [{ id: 'p2', aiBrief: null }]);
        return json({});
      }
      if (url === '/api/products/p1') return json({ id: 'p1', aiBrief: { hooks: ['New'] } });
      if (url === '/api/products/p2') return json({ id: 'other', aiBrief: { hooks: ['Wrong'] } });
      if (url.endsWith('/analyze')) return json({});
      return undefined;
    });

    await runPreload({ queryClient });

    expect(queryClient.getQueryData(['/api/products'])).toEqual([
      { id: 'p1', aiBrief: { hooks: ['New'] } },
      { id: 'p2', aiBrief: null },
    ]);
  });

  it('never runs more than 2 analyses at once', async () => {
    let active = 0;
    let maxActive = 0;
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const fetchMock = mockFetch(async (url) => {
      if (url === '/api/products') return json(ids.map((id) => ({ id, aiBrief: { hooks: [] } })));
      const analyze = /^\/api\/products\/(\w+)\/analyze$/.exec(url);
      if (analyze) {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active -= 1;
        return json({});
      }
      const one = /^\/api\/products\/(\w+)$/.exec(url);
      if (one) return json({ id: one[1], aiBrief: { hooks: ['Hook'] } });
      return undefined;
    });

    await runPreload({ queryClient: newClient() });

    expect(maxActive).toBe(2);
    expect(calledUrls(fetchMock).filter((c) => c.endsWith('/analyze'))).toHaveLength(5);
  });

  it('warms at most 12 covers, 4 at a time', async () => {
    const collections = Array.from({ length: 15 }, (_, i) => ({ coverUrl: `/covers/${i}.jpg` }));
    mockFetch((url) =>
      url === '/api/carousel-images/collections' ? json({ collections }) : undefined,
    );

    const result = await runPreload({ queryClient: newClient() });

    expect(ImageStub.sources).toHaveLength(12);
    expect(ImageStub.maxActive).toBe(4);
    expect(result.coversWarmed).toBe(12);
  });

  it('cuts hanging endpoints at their timeouts and carries on', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/products') return hang(init);
      if (url === '/api/carousel-images/collections') return hang(init);
      if (url === '/api/drafts?limit=8') return json([{ id: 'd1' }]);
      return undefined;
    });
    const queryClient = newClient();
    const onStep = vi.fn();

    let settled = false;
    const run = runPreload({ queryClient, onStep }).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(1999);
    expect(onStep).toHaveBeenLastCalledWith(PRELOAD_STEPS.products);
    await vi.advanceTimersByTimeAsync(1);
    expect(onStep).toHaveBeenLastCalledWith(PRELOAD_STEPS.collections);
    await vi.advanceTimersByTimeAsync(1500);
    await vi.waitFor(() => expect(settled).toBe(true));

    const result = await run;
    expect(result.products).toEqual([]);
    expect(result.drafts).toEqual([{ id: 'd1' }]);
    expect(calledUrls(fetchMock)).toContain('GET /api/carousel-images/list');
    // The timed-out requests were aborted, not left running.
    const productsInit = fetchMock.mock.calls[0]?.[1];
    expect(productsInit?.signal?.aborted).toBe(true);
  });

  it('stops reporting and caching once aborted', async () => {
    const controller = new AbortController();
    const queryClient = newClient();
    const onStep = vi.fn();
    mockFetch((url) => {
      if (url === '/api/products') {
        controller.abort();
        return json([{ id: 'p1', aiBrief: { hooks: ['x'] } }]);
      }
      return undefined;
    });

    await runPreload({ queryClient, onStep, signal: controller.signal });

    expect(onStep).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['/api/products'])).toBeUndefined();
  });
});
