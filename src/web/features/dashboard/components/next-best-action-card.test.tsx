import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { onPaymentRequired } from '@/lib/payment-required';
import type { FetchHandler } from '@/testing/fetch-mock';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { queryKeys } from '@/lib/query-keys';
import { NextBestActionCard } from './next-best-action-card';
import { productFixture } from '@/testing/fixtures';
import { stubUseAuth } from '@/testing/module-stubs';

const auth = {
  user: { tiktokAccessToken: null as string | null } as { tiktokAccessToken: string | null } | null,
};

const product = productFixture({ description: '' });

let fetchStub: ReturnType<typeof stubFetch>;

const renderCard = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NextBestActionCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const stepStatuses = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) =>
      [li.lastElementChild?.textContent, li.dataset.status, li.getAttribute('aria-current')]
        .filter(Boolean)
        .join(' | '),
    );

const serve =
  (routes: Record<string, () => Response>): FetchHandler =>
  (url) =>
    routes[url]?.();

beforeEach(() => {
  window.localStorage.clear();
  auth.user = { tiktokAccessToken: null };
  stubUseAuth(() => ({ user: auth.user }));
  fetchStub = stubFetch(
    serve({
      '/api/products': () => json([product]),
      '/api/drafts?limit=8': () => json({ drafts: [] }),
      // Campaigns have not landed: a 404 counts as none.
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NextBestActionCard', () => {
  it('marks a product as done and connecting TikTok as the next step', async () => {
    renderCard();
    const card = await screen.findByRole('region', { name: 'Next Best Action' });
    expect(stepStatuses()).toEqual([
      'Connect TikTok, next step | active | step',
      'Add a Product, done | done',
      'Create Content, to do | pending',
      'Create a Campaign, to do | pending',
    ]);
    expect(within(card).getByText('1 of 4 steps done')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Connect TikTok' })).toHaveAttribute(
      'href',
      '/settings?tab=tiktok',
    );
    expect(screen.queryByText("You're all set!")).not.toBeInTheDocument();
  });

  it('follows drafts, campaigns and their items, and keeps a 402 away from the upgrade dialog', async () => {
    const reasons: string[] = [];
    const stop = onPaymentRequired((r) => reasons.push(r));
    auth.user = { tiktokAccessToken: 'connected' };
    fetchStub.setHandler(
      serve({
        '/api/products': () => json([product]),
        '/api/drafts?limit=8': () => apiError(402, 'Upgrade', 'payment_required'),
        '/api/campaigns': () => json([{ id: 'c1' }]),
        '/api/campaigns/c1/items': () => json([{ id: 'i1', dateScheduled: null }]),
      }),
    );
    renderCard();
    await waitFor(() => expect(screen.getByText("You're all set!")).toBeInTheDocument());
    expect(screen.getByText('4 of 4 steps done')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(reasons).toEqual([]);
    stop();
  });

  it('hides for good after "Dismiss"', async () => {
    auth.user = { tiktokAccessToken: 'connected' };
    fetchStub.setHandler(
      serve({
        '/api/products': () => json([product]),
        '/api/drafts?limit=8': () => json({ drafts: [{ id: 'd1' }] }),
        '/api/campaigns': () => json({ campaigns: [{ id: 'c1' }] }),
        '/api/campaigns/c1/items': () => json({ items: [] }),
      }),
    );
    const { unmount } = renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Next Best Action' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('nba_done_dismissed')).toBe('1');
    unmount();

    fetchStub.fetchMock.mockClear();
    renderCard();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Next Best Action' })).not.toBeInTheDocument();
    expect(fetchStub.fetchMock).not.toHaveBeenCalled();
  });

  it('reads drafts again on each visit, so content made since sign-in counts', async () => {
    const queryClient = createQueryClient();
    // What the loading screen's preload cached at sign-in, before the first carousel.
    queryClient.setQueryData(['/api/products'], [product]);
    queryClient.setQueryData(queryKeys.drafts.recent, { drafts: [] });
    fetchStub.setHandler(
      serve({
        '/api/products': () => json([product]),
        '/api/drafts?limit=8': () => json({ drafts: [{ id: 'd1' }] }),
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <NextBestActionCard />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(stepStatuses()).toEqual([
        'Connect TikTok, next step | active | step',
        'Add a Product, done | done',
        'Create Content, done | done',
        'Create a Campaign, to do | pending',
      ]),
    );
  });

  it('waits for the product list before showing anything', () => {
    fetchStub.setHandler(() => undefined as unknown as Response);
    fetchStub.fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    renderCard();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
