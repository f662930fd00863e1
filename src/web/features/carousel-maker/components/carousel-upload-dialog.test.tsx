import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { Toaster } from '@/components/ui/toaster';
import { busyRetry } from '@/lib/api-client';
import * as slideRender from '@/lib/slide-render';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { CarouselUploadDialog } from './carousel-upload-dialog';

/** The options of each slide the dialog rendered to upload. */
const rendered: (slideRender.RenderSlideOptions | undefined)[] = [];

const accounts = {
  accounts: [
    {
      open_id: 'open-1',
      username: 'first',
      display_name: 'First Shop',
      avatar_url: null,
      is_default: false,
      reconnect_needed: false,
      missing_scopes: [],
    },
    {
      open_id: 'open-2',
      username: 'second',
      display_name: 'Second Shop',
      avatar_url: null,
      is_default: true,
      reconnect_needed: false,
      missing_scopes: [],
    },
  ],
  default_open_id: 'open-2',
};
const creator = {
  data: {
    creator_avatar_url: '',
    creator_username: 'second',
    creator_nickname: 'Second Nick',
    privacy_level_options: ['PUBLIC_TO_EVERYONE'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 300,
  },
  error: { code: 'ok', message: '' },
};

const slides = [
  { id: '1', text: 'Hook', imageUrl: '/media/carousel/a.jpg' },
  { id: '2', text: 'No image' },
];

const open = (props: Partial<Parameters<typeof CarouselUploadDialog>[0]> = {}) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <TooltipProvider>
          <CarouselUploadDialog
            open
            onOpenChange={() => {}}
            slides={slides}
            description={'Best mug ever\n#mug'}
            {...props}
          />
          <Toaster />
        </TooltipProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('CarouselUploadDialog', () => {
  const sleep = busyRetry.sleep;
  beforeEach(() => {
    vi.spyOn(slideRender, 'renderSlide').mockImplementation(async (_slide, options) => {
      rendered.push(options);
      return new Blob(['jpeg'], { type: 'image/jpeg' });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    rendered.length = 0;
    busyRetry.sleep = sleep;
  });

  it('starts on the default account, counts the title and keeps Direct Post disabled', async () => {
    stubFetch((url) => {
      if (url === '/api/tiktok/accounts') return json(accounts);
      if (url.startsWith('/api/tiktok/creator/info')) return json(creator);
    });
    open();
    const account = await screen.findByLabelText('Account');
    await waitFor(() => expect(account).toHaveValue('open-2'));
    expect(await screen.findByText(/Posting as Second Nick/)).toBeInTheDocument();
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('Best mug ever');
    expect(screen.getByText('13/150 characters')).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'x'.repeat(200) } });
    expect((title as HTMLInputElement).value).toHaveLength(150);
    expect(screen.getByText('150/150 characters')).toBeInTheDocument();
    const direct = screen.getByRole('switch', { name: 'Direct Post' });
    expect(direct).toBeDisabled();
    expect(direct).toHaveAccessibleDescription('Available soon!');
  });

  it('says when no account is connected and cannot upload', async () => {
    stubFetch((url) => {
      if (url === '/api/tiktok/accounts') return json({ accounts: [], default_open_id: null });
    });
    open();
    expect(
      await screen.findByRole('option', { name: 'No TikTok accounts connected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('renders the slides at upload size, hosts them and sends them once with one key', async () => {
    const fetch = stubFetch((url) => {
      if (url === '/api/tiktok/accounts') return json(accounts);
      if (url.startsWith('/api/tiktok/creator/info')) return json(creator);
      if (url === '/api/temp-images/upload') return json({ url: 'http://app/files/temp/u/a.jpg' });
      if (url === '/api/tiktok/photo/upload/init') {
        return json({
          error: { code: 'ok', message: '' },
          data: { publish_id: 'p1', post_id: 'x' },
        });
      }
    });
    const onOpenChange = vi.fn();
    open({ onOpenChange, draftId: 'draft-1' });
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('open-2'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Draft sent to Inbox')).toBeInTheDocument();
    expect(rendered).toEqual([{ size: 1080, format: 'jpeg', minFontRatio: 0.05 }]);
    const [sent] = fetch.calls('/api/tiktok/photo/upload/init');
    expect(sent!.body).toMatchObject({
      photo_images: ['http://app/files/temp/u/a.jpg'],
      account_open_id: 'open-2',
      post_mode: 'MEDIA_UPLOAD',
      origin_draft_id: 'draft-1',
      title: 'Best mug ever',
    });
    expect((sent!.body as { idempotency_key: string }).idempotency_key).toMatch(/^[a-f0-9]{32}$/);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the server’s plain words when TikTok refuses', async () => {
    stubFetch((url) => {
      if (url === '/api/tiktok/accounts') return json(accounts);
      if (url.startsWith('/api/tiktok/creator/info')) return json(creator);
      if (url === '/api/temp-images/upload') return json({ url: 'http://app/files/temp/u/a.jpg' });
      if (url === '/api/tiktok/photo/upload/init') {
        return apiError(429, 'This account already has 5 drafts waiting', 'tiktok_pending_limit');
      }
    });
    open();
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('open-2'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('5 drafts waiting');
    expect(screen.getByText('Your carousel could not be sent to TikTok')).toBeInTheDocument();
    expect(screen.queryByText(/initialize/)).not.toBeInTheDocument();
  });

  it('opens with the carousel’s current description as the title, not an earlier one', async () => {
    stubFetch((url) => {
      if (url === '/api/tiktok/accounts') return json(accounts);
      if (url.startsWith('/api/tiktok/creator/info')) return json(creator);
    });
    const frame = (isOpen: boolean, description: string) => (
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <TooltipProvider>
            <CarouselUploadDialog
              open={isOpen}
              onOpenChange={() => {}}
              slides={slides}
              description={description}
            />
          </TooltipProvider>
        </MemoryRouter>
      </QueryClientProvider>
    );
    // Mounted closed with the first AI Suggest caption; the seller rewrites it, then opens.
    const view = render(frame(false, 'First AI caption\n#old'));
    view.rerender(frame(false, 'What I wrote myself\n#mug'));
    view.rerender(frame(true, 'What I wrote myself\n#mug'));
    expect(await screen.findByLabelText('Title')).toHaveValue('What I wrote myself');
  });

  it('sends again with a new key after TikTok said no, so the advice "send it again" works', async () => {
    let refuse = true;
    const fetch = stubFetch((url) => {
      if (url === '/api/tiktok/accounts') return json(accounts);
      if (url.startsWith('/api/tiktok/creator/info')) return json(creator);
      if (url === '/api/temp-images/upload') return json({ url: 'http://app/files/temp/u/a.jpg' });
      if (url === '/api/tiktok/photo/upload/init') {
        if (refuse) {
          return apiError(
            502,
            'TikTok had a problem on its side and did not take this post, so nothing was sent. Send it again in a few minutes.',
            'tiktok_error',
          );
        }
        return json({
          error: { code: 'ok', message: '' },
          data: { publish_id: 'p1', post_id: 'x' },
        });
      }
    });
    open();
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('open-2'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Send it again in a few minutes.');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Draft sent to Inbox')).toBeInTheDocument();
    const [first, second] = fetch.calls('/api/tiktok/photo/upload/init');
    const key = (call: typeof first) => (call!.body as { idempotency_key: string }).idempotency_key;
    expect(key(second)).not.toBe(key(first));
  });

  it('waits out a busy server for a slide, and says what happened when it gives up', async () => {
    const waits: number[] = [];
    busyRetry.sleep = async (seconds) => {
      waits.push(seconds);
    };
    const fetch = stubFetch((url) => {
      if (url === '/api/tiktok/accounts') return json(accounts);
      if (url.startsWith('/api/tiktok/creator/info')) return json(creator);
      if (url === '/api/temp-images/upload') {
        return new Response(JSON.stringify({ error: 'The server is busy.', code: 'server_busy' }), {
          status: 503,
          headers: { 'Retry-After': '3' },
        });
      }
    });
    open();
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('open-2'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to upload rendered slide. The server was busy and did not take this step after 4 tries. Nothing was sent; try again in a minute.',
    );
    expect(waits).toEqual([3, 3, 3]);
    expect(fetch.calls('/api/temp-images/upload')).toHaveLength(4);
    expect(fetch.calls('/api/tiktok/photo/upload/init')).toHaveLength(0);
  });
});
