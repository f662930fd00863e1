import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuthUser } from '#contract/user';
import { Toaster } from '@/components/ui/toaster';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubAssignLocation, stubUseAuth } from '@/testing/module-stubs';
import { TikTokConnectionControl } from './tiktok-connection-control';

const auth = {
  value: {
    session: { token: 't' } as object | null,
    user: { id: 'u1' } as Partial<TAuthUser> | null,
    isLoading: false,
  },
};

const renderControl = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <TikTokConnectionControl />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

let fetchStub: ReturnType<typeof stubFetch>;
let assignLocation: ReturnType<typeof stubAssignLocation>;

beforeEach(() => {
  auth.value = { session: { token: 't' }, user: { id: 'u1' }, isLoading: false };
  stubUseAuth(() => auth.value);
  assignLocation = stubAssignLocation();
  fetchStub = stubFetch((url) => {
    if (url === '/api/tiktok/accounts') return json({ accounts: [], default_open_id: null });
    if (url === '/api/tiktok/auth/ticket') return json({ url: '/api/tiktok/auth/login?ticket=t1' });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TikTokConnectionControl', () => {
  it('reads "Loading..." while the user loads', () => {
    auth.value = { session: { token: 't' }, user: null, isLoading: true };
    renderControl();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it('connects: "Connect TikTok", then "Connecting..." while leaving for TikTok', async () => {
    renderControl();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect TikTok' }));
    expect(await screen.findByRole('button', { name: 'Connecting...' })).toBeDisabled();
    await waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/api/tiktok/auth/login?ticket=t1'),
    );
    expect(fetchStub.calls('/api/tiktok/auth/ticket')).toEqual([{ method: 'POST', body: {} }]);
  });

  it('says so when the connection cannot start', async () => {
    fetchStub.setHandler((url) =>
      url === '/api/tiktok/accounts'
        ? json({ accounts: [], default_open_id: null })
        : apiError(503, 'busy', 'server_busy'),
    );
    renderControl();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect TikTok' }));
    expect(await screen.findByText('Failed to initiate TikTok connection')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect TikTok' })).toBeEnabled();
  });

  it('shows the default account with Manage Connection when connected', async () => {
    fetchStub.setHandler((url) =>
      url === '/api/tiktok/accounts'
        ? json({
            accounts: [
              {
                open_id: 'o1',
                username: 'first',
                display_name: 'First Shop',
                avatar_url: null,
                is_default: false,
                reconnect_needed: false,
                missing_scopes: [],
              },
              {
                open_id: 'o2',
                username: 'glowshop',
                display_name: 'Glow Shop',
                avatar_url: null,
                is_default: true,
                reconnect_needed: false,
                missing_scopes: [],
              },
            ],
            default_open_id: 'o2',
          })
        : undefined,
    );
    renderControl();
    const trigger = await screen.findByRole('button', { name: /Glow Shop/ });
    expect(trigger).toHaveTextContent('@glowshop');
    await userEvent.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Manage Connection' })).toHaveAttribute(
      'href',
      '/settings?tab=tiktok',
    );
  });
});
