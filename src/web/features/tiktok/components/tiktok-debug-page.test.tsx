import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TikTokDebugPage } from './tiktok-debug-page';

const answer = (body: object) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));
const base = {
  host: 'https://app.example',
  environment: 'production',
  redirectUri: 'https://app.example/api/tiktok/auth/callback',
};

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
    expect(screen.queryByRole('link', { name: 'Test TikTok Connection' })).not.toBeInTheDocument();
  });

  it('offers the connection test when both are configured', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ ...base, clientIdConfigured: true, clientSecretConfigured: true }),
    );
    render(<TikTokDebugPage />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('button', { name: 'Check Configuration' }));
    expect(await screen.findByRole('link', { name: 'Test TikTok Connection' })).toHaveAttribute(
      'href',
      '/api/tiktok/auth/login',
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
