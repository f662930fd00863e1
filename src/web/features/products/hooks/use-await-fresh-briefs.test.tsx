import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TProduct } from '#contract/products';
import { json, stubFetch } from '@/testing/fetch-mock';
import { productsQueryOptions } from '@/lib/products/get-products';
import { queryKeys } from '@/lib/query-keys';
import { BRIEF_POLL_MS, BRIEF_WATCH_MS, useAwaitFreshBriefs } from './use-await-fresh-briefs';
import { productFixture } from '@/testing/fixtures';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const brief = { hooks: ['Hook'], hooksSeeds: [], voice: 'Warm', hashtags: ['#a'] };

const product = (overrides: Partial<TProduct>): TProduct =>
  productFixture({
    description: '',
    images: ['/f/1.jpg?sig=old'],
    thumbnails: ['/f/1-t.webp?sig=old'],
    createdAt: new Date(NOW.getTime() - 10_000).toISOString(),
    updatedAt: NOW.toISOString(),
    ...overrides,
  });

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

const useWatchedList = () => {
  const { data } = useQuery(productsQueryOptions());
  useAwaitFreshBriefs(data);
  return data;
};

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useAwaitFreshBriefs', () => {
  it('puts the brief of a new product on its card once the server job wrote it', async () => {
    const old = product({ id: 'p0', createdAt: '2025-01-01T00:00:00.000Z' });
    queryClient.setQueryData(queryKeys.products, [product({}), old]);
    let written = false;
    const stub = stubFetch((url) =>
      url === '/api/products/p1'
        ? json(
            product({
              aiBrief: written ? brief : null,
              brandVoice: written ? 'Warm' : null,
              images: ['/f/1.jpg?sig=new'],
            }),
          )
        : undefined,
    );
    const { result } = renderHook(useWatchedList, { wrapper });

    await act(() => vi.advanceTimersByTimeAsync(BRIEF_POLL_MS));
    expect(stub.calls('/api/products/p1')).toHaveLength(1);
    expect(result.current?.[0]?.aiBrief).toBeNull();

    written = true;
    await act(() => vi.advanceTimersByTimeAsync(BRIEF_POLL_MS));
    await vi.waitFor(() => expect(result.current?.[0]?.aiBrief).toEqual(brief));
    expect(result.current?.[0]?.brandVoice).toBe('Warm');
    // Only the brief is taken: the signed image links stay as they were.
    expect(result.current?.[0]?.images).toEqual(['/f/1.jpg?sig=old']);

    await act(() => vi.advanceTimersByTimeAsync(BRIEF_POLL_MS * 3));
    expect(stub.calls('/api/products/p1')).toHaveLength(2);
    // An old product without a brief is left to "Analyze with AI".
    expect(stub.calls('/api/products/p0')).toHaveLength(0);
  });

  it('gives up after a minute', async () => {
    queryClient.setQueryData(queryKeys.products, [product({})]);
    const stub = stubFetch((url) => (url === '/api/products/p1' ? json(product({})) : undefined));
    renderHook(useWatchedList, { wrapper });

    await act(() => vi.advanceTimersByTimeAsync(BRIEF_WATCH_MS * 2));
    expect(stub.calls('/api/products/p1')).toHaveLength(BRIEF_WATCH_MS / BRIEF_POLL_MS);
  });
});
