import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAssignLocation, stubUseAuth } from '@/testing/module-stubs';
import { TikTokDebugPage } from './tiktok-debug-page';

const answer = (body: object) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));
const base = {
  host: 'https://app.example',
  environment: 'production',
  redirectUri: 'https://app.example/api/tiktok/auth/callback',
};

let assignLocation: ReturnType<typeof stubAssignLocation>;

beforeEach(() => {
  stubUseAuth(() => ({ session: { token: 't' }, user: { id: 'u1' } }));
  assignLocation = stubAssignLocation();
});

afterEach(() => vi.unstubAllGlobals());

describe('TikTokDebugPage', () => {
  it('shows the configuration and warns about missing variables', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ ...base, clientIdConfigured: true, clientSecretConfigured: false }),
    );
    render(<TikTokDebugPage />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('button', { name: 'Check Configuration' }));
    expect(await screen.findByText('Missing Environment Variables')).toBeInTheDocument();
    expect(screen.getByText(base.redirectUri)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Test TikTok Connection' }),
    ).not.toBeInTheDocument();
  });

  it('offers the connection test when both are configured', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ ...base, clientIdConfigured: true, clientSecretConfigured: true }),
    );
    render(<TikTokDebugPage />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('button', { name: 'Check Configuration' }));
    // The login navigation carries no bearer token: the page mints a single-use link first.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/tiktok/auth/ticket'
          ? new Response(JSON.stringify({ url: '/api/tiktok/auth/login?ticket=t1' }))
          : new Response('{}', { status: 404 }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Test TikTok Connection' }));
    await vi.waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/api/tiktok/auth/login?ticket=t1'),
    );
    expect(screen.queryByText('Missing Environment Variables')).not.toBeInTheDocument();
  });

  it('logs a failed check to the console only', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<TikTokDebugPage />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('button', { name: 'Check Configuration' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText('Missing Environment Variables')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
