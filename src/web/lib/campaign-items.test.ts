import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { getCampaignItem, saveToCampaignItem, updateCampaignItem } from './campaign-items';

const item = (over: Record<string, unknown> = {}) => ({
  id: 'i1',
  campaignId: 'c1',
  productId: 'p1',
  type: 'carousel',
  strategy: 'problem-solution',
  hook: 'Tired of dull skin?',
  caption: 'Glow every day',
  hashtags: ['skincare'],
  carouselPlan: { slides: [{ text: 'One', imageUrl: '/media/a.jpg' }, { text: 'Two' }] },
  assets: {},
  dateScheduled: null,
  status: 'planned',
  createdAt: '2026-11-24T10:00:00.000Z',
  lastJob: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('campaign items for the editors (docs/product/campaigns.md rule 7)', () => {
  it('reads GET /api/campaign-items/{id} with the contract', async () => {
    const fetch = stubFetch((url) =>
      url === '/api/campaign-items/i%2F1' ? json(item()) : undefined,
    );
    const read = await getCampaignItem('i/1');
    expect(fetch.fetchMock).toHaveBeenCalledTimes(1);
    expect(read.carouselPlan?.slides).toEqual([
      { text: 'One', imageUrl: '/media/a.jpg' },
      { text: 'Two' },
    ]);
    expect(read.lastJob).toBeNull();
  });

  it('refuses an answer that is not a campaign item', async () => {
    stubFetch(() => json({ id: 'i1' }));
    await expect(getCampaignItem('i1')).rejects.toThrow();
  });

  it('PATCHes /api/campaigns/{campaignId}/items/{itemId} with the partial item', async () => {
    const fetch = stubFetch((url, init) =>
      url === '/api/campaigns/c1/items/i1' && init.method === 'PATCH'
        ? json(item({ hook: 'New hook', status: 'assets_ready' }))
        : undefined,
    );
    const updated = await updateCampaignItem(
      { campaignId: 'c1', id: 'i1' },
      { hook: 'New hook', status: 'assets_ready' },
    );
    expect(updated.hook).toBe('New hook');
    expect(fetch.calls('/api/campaigns/c1/items/i1')).toEqual([
      { method: 'PATCH', body: { hook: 'New hook', status: 'assets_ready' } },
    ]);
  });

  it('saves back by item id: learns the campaign, patches, and refreshes both caches', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.campaignItems('c1'), [item(), item({ id: 'i2' })]);
    const fetch = stubFetch((url, init) => {
      if (url === '/api/campaign-items/i1') return json(item());
      if (url === '/api/campaigns/c1/items/i1' && init.method === 'PATCH') {
        return json(item({ caption: 'Saved caption' }));
      }
      return undefined;
    });

    await saveToCampaignItem(queryClient, 'i1', { caption: 'Saved caption' });
    // The second save finds the campaign in the cache: no second read.
    await saveToCampaignItem(queryClient, 'i1', { caption: 'Saved caption' });

    expect(fetch.calls('/api/campaign-items/i1')).toHaveLength(1);
    expect(fetch.calls('/api/campaigns/c1/items/i1')).toHaveLength(2);
    expect(queryClient.getQueryData(queryKeys.campaignItem('i1'))).toMatchObject({
      caption: 'Saved caption',
    });
    const list = queryClient.getQueryData<{ id: string; caption: string }[]>(
      queryKeys.campaignItems('c1'),
    );
    expect(list?.map((i) => [i.id, i.caption])).toEqual([
      ['i1', 'Saved caption'],
      ['i2', 'Glow every day'],
    ]);
  });

  it('keeps a list cached as { items } in its shape', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.campaignItems('c1'), { items: [item()] });
    stubFetch((url, init) => {
      if (url === '/api/campaign-items/i1') return json(item());
      if (init.method === 'PATCH') return json(item({ hook: 'H' }));
      return undefined;
    });
    await saveToCampaignItem(queryClient, 'i1', { hook: 'H' });
    expect(queryClient.getQueryData(queryKeys.campaignItems('c1'))).toMatchObject({
      items: [{ id: 'i1', hook: 'H' }],
    });
  });

  it("passes the API error on when the item is not the user's", async () => {
    const queryClient = createQueryClient();
    stubFetch(() => apiError(404, 'Campaign item not found', 'not_found'));
    const failure = saveToCampaignItem(queryClient, 'i9', { hook: 'H' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });
});
