import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { uploadPolling } from '@/lib/tiktok/publishing-api';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { creatorInfoFixture, tiktokAccountsFixture } from '@/testing/fixtures';
import { platformVideoUrl, VideoUploadDialog } from './video-upload-dialog';

type Over = {
  max?: number;
  init?: () => Response;
  put?: () => Response;
  missingScopes?: string[];
};

const server = (over: Over = {}) =>
  stubFetch((url) => {
    if (url === '/api/tiktok/accounts') {
      const list = tiktokAccountsFixture();
      list.accounts[0]!.missing_scopes = over.missingScopes ?? [];
      return json(list);
    }
    if (url.startsWith('/api/tiktok/creator/info')) return json(creatorInfoFixture(over.max));
    if (url === '/api/tiktok/video/upload/init') {
      return over.init
        ? over.init()
        : json({
            error: { code: 'ok', message: '' },
            data: { publish_id: 'pub-1', upload_url: 'https://up.example/1', post_id: 'post-1' },
          });
    }
    if (url === '/api/tiktok/upload/put') {
      if (over.put) return over.put();
      return json({
        error: { code: 'ok', message: '' },
        data: { publish_id: 'pub-1', uploaded_bytes: 1000, uploading: false },
      });
    }
    if (url === '/api/queue') return json({ items: [] });
    return undefined;
  });

const open = (props: Partial<Parameters<typeof VideoUploadDialog>[0]> = {}) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <TooltipProvider>
          <VideoUploadDialog
            open
            onOpenChange={() => {}}
            videoUrl="/files/renders/r1.mp4"
            defaultTitle="Check out this amazing Hook + Demo! 🎬"
            {...props}
          />
          <Toaster />
        </TooltipProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The dialog learns the video's length from its own <video>. */
const videoLoaded = (seconds: number) => {
  const video = document.querySelector('video')!;
  Object.defineProperty(video, 'duration', { value: seconds, configurable: true });
  fireEvent.loadedMetadata(video);
};

describe('VideoUploadDialog', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts as the creator with the default title and the video length against their limit', async () => {
    server();
    open();
    expect(
      await screen.findByRole('dialog', { name: /Upload to TikTok • Posting as Shop Nick/ }),
    ).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Check out this amazing Hook + Demo! 🎬');
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('open-1'));
    expect(screen.getByRole('switch', { name: 'Direct Post' })).toBeDisabled();
    expect(screen.getByText('Reading the video…')).toBeVisible();
    videoLoaded(10.4);
    expect(screen.getByText('Video duration: 10s (max allowed 60s)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('refuses a video longer than the creator may post, and a blank title', async () => {
    const u = userEvent.setup();
    server({ max: 8 });
    open();
    await screen.findByText(/Posting as Shop Nick/);
    videoLoaded(10);
    const note = screen.getByText('Video duration: 10s (exceeds max allowed 8s)');
    expect(note).toHaveClass('text-destructive');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await u.clear(screen.getByLabelText('Title'));
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('sends the video once, to the inbox, and tells the editor it was posted', async () => {
    const u = userEvent.setup();
    const fetch = server();
    const onPosted = vi.fn();
    const onOpenChange = vi.fn();
    open({ draftId: 'd1', onPosted, onOpenChange });
    await screen.findByText(/Posting as Shop Nick/);
    videoLoaded(10);
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Sent to TikTok Inbox', { selector: 'li *' })).toBeVisible();
    expect(
      screen.getByText('Open your TikTok app to complete the post.', { selector: 'li *' }),
    ).toBeVisible();
    const [init] = fetch.calls('/api/tiktok/video/upload/init');
    expect(init!.body).toMatchObject({
      title: 'Check out this amazing Hook + Demo! 🎬',
      description: 'Check out this amazing Hook + Demo! 🎬',
      video_url: `${window.location.origin}/files/renders/r1.mp4`,
      post_mode: 'MEDIA_UPLOAD',
      account_open_id: 'open-1',
      origin_draft_id: 'd1',
    });
    expect((init!.body as { idempotency_key: string }).idempotency_key).toMatch(/^[0-9a-f]{32}$/);
    expect(fetch.calls('/api/tiktok/upload/put')).toEqual([
      {
        method: 'POST',
        body: {
          upload_url: 'https://up.example/1',
          proxiedUrl: `${window.location.origin}/files/renders/r1.mp4`,
          contentType: 'video/mp4',
        },
      },
    ]);
    expect(onPosted).toHaveBeenCalledWith('pub-1');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('asks again while the server is still sending the bytes, and says sent once they are there', async () => {
    const u = userEvent.setup();
    const pause = uploadPolling.pause;
    uploadPolling.pause = async () => undefined;
    let puts = 0;
    const answer = (uploading: boolean) =>
      json({
        error: { code: 'ok', message: '' },
        data: { publish_id: 'pub-1', uploaded_bytes: uploading ? 0 : 1000, uploading },
      });
    const fetch = server({ put: () => answer(++puts < 3) });
    const onPosted = vi.fn();
    try {
      open({ onPosted });
      await screen.findByText(/Posting as Shop Nick/);
      videoLoaded(10);
      await u.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByText('Sent to TikTok Inbox', { selector: 'li *' })).toBeVisible();
    } finally {
      uploadPolling.pause = pause;
    }
    expect(fetch.calls('/api/tiktok/upload/put')).toHaveLength(3);
    expect(onPosted).toHaveBeenCalledWith('pub-1');
  });

  it("shows TikTok's refusal; the retry is a new attempt, and only an in-flight answer keeps the key", async () => {
    const u = userEvent.setup();
    let answer = () => apiError(400, 'This account already has 5 drafts waiting', 'bad_request');
    const fetch = server({ init: () => answer() });
    open();
    await screen.findByText(/Posting as Shop Nick/);
    videoLoaded(10);
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account already has 5 drafts waiting',
    );
    answer = () => apiError(409, 'This post is being sent to TikTok right now.', 'tiktok_error');
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('being sent to TikTok right now');
    answer = () =>
      json({
        error: { code: 'ok', message: '' },
        data: { publish_id: 'pub-2', upload_url: 'https://up.example/2', post_id: 'p2' },
      });
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText('Sent to TikTok Inbox', { selector: 'li *' });
    const keys = fetch
      .calls('/api/tiktok/video/upload/init')
      .map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(3);
    // The refusal ended that attempt (decision 085); the 409 said the next one was in flight.
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('sends a draft from an account that unticked direct posting, and says which permission and how to grant it', async () => {
    const u = userEvent.setup();
    const fetch = server({ missingScopes: ['video.publish', 'video.list'] });
    open();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'This account did not give Hookreel the permission “Post content to your account directly”: Hookreel cannot read its posting settings (the nickname it posts as, the longest video TikTok takes from it); drafts still go to its inbox. To grant it, reconnect the account in Settings → TikTok and leave “Post content to your account directly” ticked on TikTok’s screen.',
    );
    expect(within(note).getByRole('link', { name: 'Open Settings → TikTok' })).toHaveAttribute(
      'href',
      '/settings?tab=tiktok',
    );
    // Creator info needs that permission: it is not asked for, and nothing says "expired".
    expect(fetch.calls('/api/tiktok/creator/info')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Upload to TikTok' })).toBeVisible();
    videoLoaded(10);
    expect(screen.getByText('Video duration: 10s')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Sent to TikTok Inbox', { selector: 'li *' })).toBeVisible();
    expect(fetch.calls('/api/tiktok/video/upload/init')).toHaveLength(1);
  });

  it('shows TikTok’s refusal of creator info for a permission, and still sends the draft', async () => {
    const u = userEvent.setup();
    const words =
      'This TikTok account did not give Hookreel the permission “Post content to your account directly”, which the creator info request needs.';
    const stub = server();
    const inner = stub.fetchMock.getMockImplementation()!;
    stub.fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url.startsWith('/api/tiktok/creator/info')
        ? apiError(403, words, 'tiktok_error')
        : inner(url, init),
    );
    open();
    expect(await screen.findByRole('note')).toHaveTextContent(words);
    expect(screen.queryByText(/reconnect your TikTok account to continue/)).toBeNull();
    videoLoaded(10);
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Sent to TikTok Inbox', { selector: 'li *' })).toBeVisible();
  });

  it('sends videos of other sites through the guarded proxy', () => {
    const origin = 'https://app.example';
    expect(platformVideoUrl('/files/a.mp4', origin)).toBe('https://app.example/files/a.mp4');
    const proxied = platformVideoUrl('https://cdn.other.example/v.mp4', origin);
    expect(proxied.startsWith('https://app.example/api/image-proxy/video-url/url/')).toBe(true);
    const encoded = decodeURIComponent(proxied.split('/').pop()!);
    expect(atob(encoded)).toBe('https://cdn.other.example/v.mp4');
  });
});

describe('VideoUploadDialog and where TikTok goes', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const withMode = (mode: 'sandbox' | 'off') => {
    const stub = server();
    const inner = stub.fetchMock.getMockImplementation()!;
    stub.fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/config'
        ? json({
            appUrl: 'http://localhost:3000',
            supportEmail: 'support@hookreel.app',
            pixel: null,
            mailOutbox: false,
            tiktok: mode,
            voice: false,
          })
        : inner(url, init),
    );
  };

  it('says "TikTok sandbox" when the post goes to the built-in sandbox', async () => {
    withMode('sandbox');
    open();
    const dialog = await screen.findByRole('dialog', { name: /Upload to TikTok/ });
    expect(await within(dialog).findByText('TikTok sandbox')).toBeVisible();
  });

  it('says TikTok is not set up and sends nothing on a server without TikTok', async () => {
    withMode('off');
    open();
    expect(await screen.findByText(/TikTok is not set up on this server yet/)).toBeVisible();
    videoLoaded(10);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });
});
