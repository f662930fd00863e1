import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDraft, TDraftSummary } from '#contract/drafts';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { draftFixture } from '@/testing/fixtures';
import { dispatchRemoveDraft } from '../lib/remove-draft-event';
import { CreatePage } from './create-page';
import { DraftThumbnail } from './draft-thumbnail';

const summary = (over: Partial<TDraftSummary> & { id: string }): TDraftSummary => ({
  type: 'carousel',
  hook: null,
  caption: null,
  slides: [],
  selectedCharacter: null,
  updatedAt: '2025-03-04T15:30:00.000Z',
  ...over,
});

const fullDraft = (id: string, type: TDraft['type']): TDraft => draftFixture({ id, type });

const LIST = '/api/drafts?limit=8&summary=true';
let drafts: TDraftSummary[];
let fetchStub: ReturnType<typeof stubFetch>;
let queryClient: QueryClient;

const Where = () => {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
};

const renderHub = (url = '/create') =>
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
                renderVideo={({ draftId, onBack }) => (
                  <div>
                    <p>Video tool for {draftId}</p>
                    <button type="button" onClick={onBack}>
                      Back
                    </button>
                  </div>
                )}
              />
            }
          />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  queryClient = createQueryClient();
  drafts = [
    summary({
      id: 'd1',
      caption: 'Glow in 2 weeks',
      slides: [{ text: 'Stop scrolling', imageUrl: '/img/1.jpg' }],
    }),
    summary({ id: 'd2', slides: [{ text: 'First slide text' }] }),
    summary({ id: 'd3', type: 'video', hook: 'POV: your serum works' }),
    summary({ id: 'd4', type: 'video' }),
  ];
  fetchStub = stubFetch((url, init) => {
    if (url === LIST) return json({ drafts: drafts.slice(0, 8) });
    if (url === '/api/drafts' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { type: TDraft['type'] };
      return json(fullDraft('new1', body.type));
    }
    if (url.startsWith('/api/drafts/') && init.method === 'DELETE') {
      drafts = drafts.filter((d) => `/api/drafts/${d.id}` !== url);
      return json({ ok: true });
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Create hub', () => {
  it('shows the tool chooser and the drafts with their titles and type labels', async () => {
    renderHub();
    expect(screen.getByRole('heading', { level: 1, name: 'Create UGC Ad' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Choose Your Creation Tool' })).toBeVisible();
    expect(screen.getByText('5-10 min')).toBeVisible();
    expect(screen.getByText('8-15 min')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create Photo (Carousel)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Video' })).toBeEnabled();

    expect(
      await screen.findByRole('button', { name: 'Open draft: Glow in 2 weeks' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open draft: First slide text' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open draft: POV: your serum works' })).toBeVisible();
    const untitled = screen.getByRole('button', { name: 'Open draft: Untitled' });
    expect(within(untitled).getByText('Video')).toBeVisible();
    expect(within(untitled).getByText('UGC')).toBeVisible();
    const second = screen.getByRole('button', { name: 'Open draft: First slide text' });
    expect(within(second).getByText('Carousel')).toBeVisible();
    expect(within(second).getByText('IMG')).toBeVisible();
    expect(fetchStub.calls(LIST)).toHaveLength(1);
  });

  it('creates a draft and opens its tool with draftId and type in the URL', async () => {
    const u = userEvent.setup();
    renderHub();
    await u.click(screen.getByRole('button', { name: 'Create Photo (Carousel)' }));
    expect(await screen.findByText('Carousel tool for new1')).toBeVisible();
    expect(where()).toBe('/create?type=carousel&draftId=new1');
    expect(fetchStub.calls('/api/drafts')).toEqual([
      { method: 'POST', body: { type: 'carousel' } },
    ]);

    // Back without a return URL goes to the tool chooser.
    await u.click(screen.getByRole('button', { name: 'Back' }));
    expect(where()).toBe('/create');
    expect(screen.getByRole('heading', { name: 'Choose Your Creation Tool' })).toBeVisible();
  });

  it('opens a video draft in the video tool, whose Back follows return', async () => {
    const u = userEvent.setup();
    renderHub('/create?type=video&draftId=d3&return=%2Fcampaigns');
    expect(screen.getByText('Video tool for d3')).toBeVisible();
    await u.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    expect(where()).toBe('/campaigns');
  });

  it('auto=video creates a video draft once', async () => {
    renderHub('/create?auto=video');
    expect(await screen.findByText('Video tool for new1')).toBeVisible();
    expect(where()).toBe('/create?type=video&draftId=new1');
    expect(fetchStub.calls('/api/drafts')).toEqual([{ method: 'POST', body: { type: 'video' } }]);
  });

  it('learns the tool from the draft when the URL has only draftId', async () => {
    fetchStub.setHandler((url) =>
      url === '/api/drafts/d9' ? json(fullDraft('d9', 'carousel')) : undefined,
    );
    renderHub('/create?draftId=d9');
    expect(await screen.findByText('Carousel tool for d9')).toBeVisible();
  });

  it('tells the user when a draft cannot be created', async () => {
    const u = userEvent.setup();
    fetchStub.setHandler((url, init) => {
      if (url === LIST) return json({ drafts: [] });
      if (url === '/api/drafts' && init.method === 'POST') {
        return apiError(400, 'Draft limit reached', 'validation_failed');
      }
      return undefined;
    });
    renderHub();
    expect(await screen.findByText('No drafts yet')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Create Video' }));
    expect(await screen.findByText('Failed to create draft')).toBeVisible();
    expect(screen.getByText('Draft limit reached')).toBeVisible();
    expect(where()).toBe('/create');
  });

  it('deletes a draft after the confirmation', async () => {
    const u = userEvent.setup();
    renderHub();
    await u.click(await screen.findByRole('button', { name: 'Delete draft: Glow in 2 weeks' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this draft?' });
    expect(dialog).toHaveTextContent('Delete this draft?This action cannot be undone.');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchStub.calls('/api/drafts/d1')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Delete draft: Glow in 2 weeks' }));
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open draft: Glow in 2 weeks' })).toBeNull(),
    );
    expect(fetchStub.calls('/api/drafts/d1')).toEqual([{ method: 'DELETE', body: undefined }]);
  });

  it('keeps focus in place around the confirmation: back to the bin, or to the next card', async () => {
    const u = userEvent.setup();
    renderHub();
    const bin = await screen.findByRole('button', { name: 'Delete draft: First slide text' });
    await u.click(bin);
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bin).toHaveFocus();

    await u.keyboard('{Enter}');
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open draft: First slide text' })).toBeNull(),
    );
    // The card that took its place.
    expect(screen.getByRole('button', { name: 'Open draft: POV: your serum works' })).toHaveFocus();
  });

  it('moves the ninth draft up when one of eight is deleted', async () => {
    const u = userEvent.setup();
    drafts = Array.from({ length: 9 }, (_, i) =>
      summary({ id: `n${i + 1}`, caption: `Draft ${i + 1}` }),
    );
    renderHub();
    expect(await screen.findAllByRole('button', { name: /^Open draft: / })).toHaveLength(8);
    await u.click(screen.getByRole('button', { name: 'Delete draft: Draft 1' }));
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Open draft: Draft 9' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Open draft: / })).toHaveLength(8);
  });

  it('says so when a delete fails, and keeps the card', async () => {
    const u = userEvent.setup();
    fetchStub.setHandler((url, init) => {
      if (url === LIST) return json({ drafts });
      if (init.method === 'DELETE') return apiError(500, 'boom', 'internal');
      return undefined;
    });
    renderHub();
    await u.click(await screen.findByRole('button', { name: 'Delete draft: Untitled' }));
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete draft')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open draft: Untitled' })).toBeVisible();
  });

  it('a card opens its draft', async () => {
    const u = userEvent.setup();
    renderHub();
    await u.click(await screen.findByRole('button', { name: 'Open draft: Glow in 2 weeks' }));
    expect(screen.getByText('Carousel tool for d1')).toBeVisible();
    expect(where()).toBe('/create?type=carousel&draftId=d1');
  });

  it('the remove-draft event takes the draft off the list and closes it when open', async () => {
    renderHub();
    expect(await screen.findByRole('button', { name: 'Open draft: Untitled' })).toBeVisible();
    act(() => dispatchRemoveDraft({ draftId: 'd4', reason: 'published_to_tiktok' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open draft: Untitled' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Open draft: Glow in 2 weeks' })).toBeVisible();
  });

  it('closes the open draft when the remove-draft event names it', async () => {
    renderHub('/create?type=carousel&draftId=d1');
    expect(screen.getByText('Carousel tool for d1')).toBeVisible();
    act(() => dispatchRemoveDraft({ draftId: 'other' }));
    expect(screen.getByText('Carousel tool for d1')).toBeVisible();
    act(() => dispatchRemoveDraft({ draftId: 'd1', reason: 'published_to_tiktok' }));
    expect(where()).toBe('/create');
    expect(await screen.findByRole('heading', { name: 'Choose Your Creation Tool' })).toBeVisible();
  });
});

describe('DraftThumbnail', () => {
  it('cycles through the slide images every second', () => {
    vi.useFakeTimers();
    const { container } = render(
      <DraftThumbnail
        draft={summary({
          id: 't',
          slides: [
            { text: 'a', imageUrl: '/a.jpg' },
            { text: 'b' },
            { text: 'c', imageUrl: '/c.jpg' },
          ],
        })}
      />,
    );
    const active = () => container.querySelector('img[data-active="true"]')?.getAttribute('src');
    expect(active()).toBe('/a.jpg');
    act(() => vi.advanceTimersByTime(1000));
    expect(active()).toBe('/c.jpg');
    act(() => vi.advanceTimersByTime(1000));
    expect(active()).toBe('/a.jpg');
  });

  it("shows a video draft's character clip", () => {
    // A browser's observer, which jsdom lacks (without one the clip would autoplay, as before).
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const { container } = render(
      <DraftThumbnail draft={summary({ id: 'v', type: 'video', selectedCharacter: '/c/1.mp4' })} />,
    );
    const clip = container.querySelector('video');
    expect(clip).toHaveAttribute('src', '/c/1.mp4');
    // It plays while in view (play-while-visible.ts), not from the first paint.
    expect(clip).not.toHaveAttribute('autoplay');
    expect(clip?.autoplay).toBe(false);
  });
});
