import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TikTokCallbackPage } from './tiktok-callback-page';
import { authUserFixture } from '@/testing/fixtures';

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/app/tiktok-callback/*" element={<TikTokCallbackPage />} />
          <Route path="/app" element={<p>Dashboard here</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const userWith = (token: string | null) =>
  new Response(JSON.stringify(authUserFixture({ tiktokAccessToken: token })), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('TikTokCallbackPage', () => {
  it('shows the authorization error from the query', async () => {
    renderAt('/app/tiktok-callback?error=access_denied');
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.getByText('TikTok authorization failed: access_denied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Dashboard' })).toBeInTheDocument();
  });

  it('puts the server’s own reasons in words', async () => {
    renderAt('/app/tiktok-callback?error=missing_scope');
    expect(
      await screen.findByText(
        'TikTok authorization failed: Hookreel needs permission to upload drafts (video.upload). Connect again and allow it.',
      ),
    ).toBeInTheDocument();
  });

  it('says in words that a connection started in another browser connected nothing', async () => {
    renderAt('/app/tiktok-callback?error=other_browser');
    expect(
      await screen.findByText(
        'Nothing was connected: this connection was started in another browser or from a link someone sent you. To connect your TikTok account, start again from Settings → TikTok in this browser.',
      ),
    ).toBeInTheDocument();
  });

  it('needs both code and state', async () => {
    renderAt('/app/tiktok-callback?code=abc');
    expect(
      await screen.findByText('Missing authorization code or state parameter'),
    ).toBeInTheDocument();
  });

  it('waits for the connection, shows success, then goes to /app after 2 s', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(userWith(null))
      .mockResolvedValue(userWith('connected'));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/app/tiktok-callback?code=abc&state=xyz');
    expect(screen.getByText('Connecting TikTok Account')).toBeInTheDocument();
    expect(
      await screen.findByText('Successfully Connected!', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Dashboard here', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after 10 polls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(userWith(null)));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/app/tiktok-callback?code=abc&state=xyz');
    await vi.advanceTimersByTimeAsync(11_000);
    expect(
      await screen.findByText('TikTok connection timed out. Please try again.'),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(10);
  });

  it('reports a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    renderAt('/app/tiktok-callback?code=abc&state=xyz');
    expect(await screen.findByText('Network error occurred')).toBeInTheDocument();
  });
});
