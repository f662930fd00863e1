import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entitlementsFixture } from '@/testing/fixtures';
import { getEntitlementsQueryOptions, invalidateEntitlements } from './entitlements';
import { queryKeys } from './query-keys';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('invalidateEntitlements', () => {
  it('refetches cached entitlements at once, inside the 30 s cache window', async () => {
    let remaining = 10;
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(entitlementsFixture({ remainingQuota: remaining-- }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    // An observer is what a mounted screen holds; invalidation refetches observed queries.
    const observer = new QueryObserver(queryClient, getEntitlementsQueryOptions(true));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));

    await invalidateEntitlements(queryClient);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(queryKeys.entitlements)).toMatchObject({ remainingQuota: 9 });
    unsubscribe();
  });
});
