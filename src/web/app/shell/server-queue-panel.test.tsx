import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TQueueItem } from '#contract/tiktok-posts';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { json, stubFetch } from '@/testing/fetch-mock';
import { creatorInfoFixture, tiktokAccountsFixture } from '@/testing/fixtures';
import { ServerQueuePanel } from './server-queue-panel';

const item = (over: Partial<TQueueItem>): TQueueItem => ({
  id: 'p1',
  type: 'tiktok-post',
  kind: 'photo',
  prompt: 'Mug carousel',
  status: 'posting',
  state: 'downloading',
  progress: 75,
  hint: 'Uploading to TikTok…',
  publish_id: 'p_1',
  tiktok_status: 'PROCESSING_DOWNLOAD',
  fail_reason: null,
  share_url: null,
  profile_url: 'https://www.tiktok.com/@seller',
  origin_draft_id: null,
  created_at: '2026-11-24T05:00:00.000Z',
  updated_at: '2026-11-24T05:00:00.000Z',
  ...over,
});

const mount = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <TooltipProvider>
        <ServerQueuePanel />
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>,
  );

describe('ServerQueuePanel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the server’s posts, polls while one is active and tells when it reaches the inbox', async () => {
    let answer = [item({})];
    const fetch = stubFetch((url) => (url === '/api/queue' ? json({ items: answer }) : undefined));
    mount();
    const panel = await screen.findByRole('region', { name: 'Queue' });
    await waitFor(() => expect(panel).toHaveTextContent('Publishing'));
    expect(panel).toHaveTextContent('1 pending');
    expect(panel).toHaveTextContent('Uploading to TikTok…');

    answer = [
      item({
        status: 'review',
        state: 'in_inbox',
        progress: 90,
        hint: 'Uploaded. Open TikTok app to finish posting.',
      }),
    ];
    await waitFor(() => expect(panel).toHaveTextContent('In Review'), { timeout: 7000 });
    expect(panel).toHaveTextContent('Uploaded. Open TikTok app to finish posting.');
    expect(await screen.findByText('Sent to TikTok Inbox')).toBeInTheDocument();
    const polls = fetch.calls('/api/queue').length;
    await new Promise((r) => setTimeout(r, 5500));
    // Nothing active any more: the panel stops polling.
    expect(fetch.calls('/api/queue').length).toBe(polls);
  }, 20_000);

  it('keeps reading a post in the inbox, so it turns Complete without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const review = item({
      status: 'review',
      state: 'in_inbox',
      progress: 90,
      hint: 'Uploaded. Open TikTok app to finish posting.',
    });
    let answer = [review];
    stubFetch((url) => (url === '/api/queue' ? json({ items: answer }) : undefined));
    mount();
    const panel = await screen.findByRole('region', { name: 'Queue' });
    await waitFor(() => expect(panel).toHaveTextContent('In Review'));
    answer = [
      item({
        ...review,
        status: 'completed',
        state: 'published',
        progress: 100,
        hint: 'Posted on TikTok.',
        share_url: 'http://localhost/tiktok-sandbox',
      }),
    ];
    await vi.advanceTimersByTimeAsync(16_000);
    await waitFor(() => expect(panel).toHaveTextContent('Complete'));
    expect(await screen.findByText('TikTok Post Complete!')).toBeInTheDocument();
  });

  it('shows a failure in plain words, offers View Post when complete and removes items', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    let answer = [
      item({
        id: 'a',
        status: 'failed',
        progress: 0,
        hint: 'Failed: One of the slides is too large',
      }),
      item({
        id: 'b',
        prompt: 'Lamp',
        status: 'completed',
        progress: 100,
        share_url: 'https://www.tiktok.com/@seller/photo/7311111111111111123',
      }),
    ];
    const fetch = stubFetch((url, init) => {
      if (url === '/api/queue') return json({ items: answer });
      if (url === '/api/queue/a' && init.method === 'DELETE') {
        answer = answer.filter((i) => i.id !== 'a');
        return new Response(null, { status: 204 });
      }
    });
    mount();
    const list = await screen.findByRole('list', { name: 'Queue items' });
    expect(list).toHaveTextContent('Failed: One of the slides is too large');
    await userEvent.click(within(list).getByRole('button', { name: 'View Post' }));
    expect(open).toHaveBeenCalledWith(
      'https://www.tiktok.com/@seller/photo/7311111111111111123',
      '_blank',
      'noopener,noreferrer',
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Mug carousel' }));
    await waitFor(() => expect(list).not.toHaveTextContent('Mug carousel'));
    expect(fetch.calls('/api/queue/a')).toEqual([{ method: 'DELETE', body: undefined }]);
  });

  it('follows a render as a product-demo item: Generating, then View opens the video', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const render = (over: Partial<TQueueItem>) =>
      item({
        id: 'r1',
        type: 'product-demo',
        kind: 'video',
        prompt: 'Stop scrolling: this blender fits your bag',
        status: 'in_progress',
        state: 'rendering',
        progress: 70,
        hint: 'Rendering with the built-in renderer...',
        publish_id: null,
        tiktok_status: null,
        profile_url: null,
        video_url: null,
        ...over,
      });
    let answer = [render({})];
    stubFetch((url) => (url === '/api/queue' ? json({ items: answer }) : undefined));
    mount();
    const panel = await screen.findByRole('region', { name: 'Queue' });
    await waitFor(() => expect(panel).toHaveTextContent('Generating'));
    expect(panel).toHaveTextContent('Rendering with the built-in renderer...');
    answer = [
      render({
        status: 'completed',
        state: 'done',
        progress: 100,
        hint: 'Render complete',
        video_url: 'http://localhost/media/renders/r1.mp4?k=abc',
      }),
    ];
    expect(
      await screen.findByText('Video Generation Complete!', {}, { timeout: 7000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('TikTok Post Complete!')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: /^View$/ }));
    expect(open).toHaveBeenCalledWith(
      'http://localhost/media/renders/r1.mp4?k=abc',
      '_blank',
      'noopener,noreferrer',
    );
  }, 20_000);

  it('offers Upload to TikTok for a finished render only, in the video upload dialog', async () => {
    const videoUrl = `${window.location.origin}/media/renders/r2.mp4?k=abc`;
    const render = (over: Partial<TQueueItem>) =>
      item({
        type: 'product-demo',
        kind: 'video',
        state: 'done',
        status: 'completed',
        progress: 100,
        hint: 'Render complete',
        publish_id: null,
        tiktok_status: null,
        profile_url: null,
        ...over,
      });
    const fetch = stubFetch((url) => {
      if (url === '/api/queue') {
        return json({
          items: [
            render({ id: 'r1', prompt: 'Still rendering', status: 'in_progress', video_url: null }),
            render({ id: 'r2', prompt: 'Blender in a bag', video_url: videoUrl }),
            item({ id: 'p1', prompt: 'Posted mug', status: 'completed', share_url: null }),
          ],
        });
      }
      if (url === '/api/tiktok/accounts') return json(tiktokAccountsFixture());
      if (url.startsWith('/api/tiktok/creator/info')) return json(creatorInfoFixture());
      if (url === '/api/tiktok/video/upload/init') {
        return json({
          error: { code: 'ok', message: '' },
          data: { publish_id: 'pub-1', upload_url: 'https://up.example/1', post_id: 'post-1' },
        });
      }
      if (url === '/api/tiktok/upload/put') {
        return json({
          error: { code: 'ok', message: '' },
          data: { publish_id: 'pub-1', uploaded_bytes: 1000, uploading: false },
        });
      }
    });
    mount();
    const list = await screen.findByRole('list', { name: 'Queue items' });
    await waitFor(() => expect(list).toHaveTextContent('Blender in a bag'));
    const uploads = within(list).getAllByRole('button', { name: /^Upload to TikTok/ });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toHaveAccessibleName('Upload to TikTok: Blender in a bag');
    expect(uploads[0]).toHaveTextContent('Upload to TikTok');

    await userEvent.click(uploads[0]!);
    const dialog = await screen.findByRole('dialog', {
      name: /Upload to TikTok • Posting as Shop Nick/,
    });
    expect(within(dialog).getByLabelText('Title')).toHaveValue(
      'Check out this amazing Hook + Demo! 🎬',
    );
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('src', videoUrl);
    Object.defineProperty(video, 'duration', { value: 10, configurable: true });
    fireEvent.loadedMetadata(video);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls('/api/tiktok/video/upload/init')[0]!.body).toMatchObject({
      title: 'Check out this amazing Hook + Demo! 🎬',
      video_url: videoUrl,
      post_mode: 'MEDIA_UPLOAD',
      account_open_id: 'open-1',
    });
  });
});
