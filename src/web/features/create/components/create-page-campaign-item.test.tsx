import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { draftFixture } from '@/testing/fixtures';
import { CreatePage } from './create-page';

const ITEM = {
  id: 'item-1',
  campaignId: 'camp-1',
  productId: 'p1',
  type: 'carousel',
  strategy: 'problem-solution',
  hook: 'Dull skin?',
  caption: 'Glow daily',
  hashtags: ['skincare'],
  carouselPlan: { slides: [{ text: 'One', imageUrl: '/media/carousel/a.jpg' }, { text: 'Two' }] },
  assets: { templateId: 't1' },
  dateScheduled: null,
  status: 'assets_ready',
  createdAt: '2026-11-24T10:00:00.000Z',
  lastJob: null,
};
const FIND = '/api/drafts?limit=1&status=draft&originItemId=item-1';

let queryClient: QueryClient;
let fetchStub: ReturnType<typeof stubFetch>;
let existing: { id: string; type: string }[];
let itemStatus: number;

const Where = () => {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
};
const where = () => screen.getByTestId('where').textContent;

const renderHub = (url: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/create"
            element={
              <CreatePage
                renderCarousel={({ draftId, onBack }) => (
                  <div>
                    <p>Carousel tool for {draftId}</p>
                    <button type="button" onClick={onBack}>
                      Back
                    </button>
                  </div>
                )}
                renderVideo={({ draftId }) => <p>Video tool for {draftId}</p>}
              />
            }
          />
          <Route path="/campaigns" element={<p>Campaigns page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  queryClient = createQueryClient();
  existing = [];
  itemStatus = 200;
  fetchStub = stubFetch((url, init) => {
    if (url === '/api/campaign-items/item-1') {
      return itemStatus === 200 ? json(ITEM) : apiError(itemStatus, 'Not found', 'not_found');
    }
    if (url === FIND) return json({ drafts: existing.map((d) => draftFixture(d as never)) });
    if (url === '/api/drafts' && init.method === 'POST') {
      return json(draftFixture({ id: 'snap1', type: 'carousel', originItemId: 'item-1' }));
    }
    if (url === '/api/drafts?limit=8&summary=true') return json({ drafts: [] });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create hub: opening a campaign item (docs/product/create.md rule 3)', () => {
  it('makes a snapshot draft of the item, puts draftId in the URL, and Back follows return', async () => {
    const u = userEvent.setup();
    renderHub('/create?draftItem=item-1&type=carousel&return=/campaigns');
    expect(await screen.findByText('Carousel tool for snap1')).toBeVisible();
    expect(where()).toBe('/create?type=carousel&draftId=snap1&return=%2Fcampaigns');
    expect(fetchStub.calls(FIND)).toHaveLength(1);
    expect(fetchStub.calls('/api/drafts')).toEqual([
      {
        method: 'POST',
        body: {
          type: 'carousel',
          productId: 'p1',
          hook: 'Dull skin?',
          carouselPlan: {
            slides: [{ text: 'One', imageUrl: '/media/carousel/a.jpg' }, { text: 'Two' }],
          },
          caption: 'Glow daily',
          hashtags: ['skincare'],
          assets: { templateId: 't1', originCampaignItemId: 'item-1' },
          status: 'draft',
        },
      },
    ]);

    await u.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Campaigns page')).toBeVisible();
  });

  it('opens the draft already made from the item instead of making another', async () => {
    existing = [{ id: 'old7', type: 'carousel' }];
    renderHub('/create?draftItem=item-1&return=/campaigns');
    expect(await screen.findByText('Carousel tool for old7')).toBeVisible();
    expect(where()).toBe('/create?type=carousel&draftId=old7&return=%2Fcampaigns');
    expect(fetchStub.calls('/api/drafts')).toHaveLength(0);
  });

  it('says so when the item cannot be read, and tries again on request', async () => {
    const u = userEvent.setup();
    itemStatus = 404;
    renderHub('/create?draftItem=item-1&type=carousel&return=/campaigns');
    expect(await screen.findByText("This campaign item couldn't be opened.")).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Not found');
    expect(fetchStub.calls('/api/drafts')).toHaveLength(0);

    itemStatus = 200;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(where()).toContain('draftId=snap1'));
  });
});
