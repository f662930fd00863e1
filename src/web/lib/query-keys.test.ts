import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateDraftLists, queryKeys, queryPath } from './query-keys';

describe('queryPath', () => {
  it('joins the key parts with "/" into the URL the key reads (docs/product/app.md rule 6)', () => {
    expect(queryPath(queryKeys.drafts.recent)).toBe('/api/drafts?limit=8');
    expect(queryPath(queryKeys.drafts.summaries)).toBe('/api/drafts?limit=8&summary=true');
    expect(queryPath(queryKeys.campaignItems('c1'))).toBe('/api/campaigns/c1/items');
    expect(queryPath(queryKeys.campaignItem('i1'))).toBe('/api/campaign-items/i1');
  });

  it('encodes the parts after the path, so an id cannot reach another route', () => {
    expect(queryPath(queryKeys.drafts.detail('a/b?c'))).toBe('/api/drafts/a%2Fb%3Fc');
    expect(queryPath(queryKeys.collectionImages('spring sale'))).toBe(
      '/api/carousel-images/collections/spring%20sale',
    );
  });
});

describe('invalidateDraftLists', () => {
  it('marks every cached list of drafts stale and leaves the open draft alone', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.drafts.recent, { drafts: [] });
    queryClient.setQueryData(queryKeys.drafts.summaries, []);
    queryClient.setQueryData(queryKeys.drafts.detail('d1'), { id: 'd1' });

    await invalidateDraftLists(queryClient);

    const state = (key: readonly string[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(state(queryKeys.drafts.recent)).toBe(true);
    expect(state(queryKeys.drafts.summaries)).toBe(true);
    expect(state(queryKeys.drafts.detail('d1'))).toBe(false);
  });
});
