import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTikTokAccount, TTikTokAccounts } from '#contract/tiktok';
import { Toaster } from '@/components/ui/toaster';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubAssignLocation, stubUseAuth } from '@/testing/module-stubs';
import { useTikTokQueryToasts } from '../hooks/use-tiktok-query-toasts';
import { TikTokSettingsTab } from './tiktok-settings-tab';

const account = (over: Partial<TTikTokAccount>): TTikTokAccount => ({
  open_id: 'o1',
  username: 'glowshop',
  display_name: 'Glow Shop',
  avatar_url: null,
  is_default: true,
  reconnect_needed: false,
  missing_scopes: [],
  ...over,
});

const TWO: TTikTokAccounts = {
  accounts: [
    account({}),
    account({
      open_id: 'o2',
      username: 'glowdeals',
      display_name: 'Glow Deals',
      is_default: false,
      reconnect_needed: true,
      missing_scopes: [],
    }),
  ],
  default_open_id: 'o1',
};

const Probe = () => {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
};

const Page = () => {
  useTikTokQueryToasts();
  return <TikTokSettingsTab />;
};

const renderTab = (url = '/settings?tab=tiktok') =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Page />
        <Probe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

let fetchStub: ReturnType<typeof stubFetch>;
let list: TTikTokAccounts;
let assignLocation: ReturnType<typeof stubAssignLocation>;

beforeEach(() => {
  list = TWO;
  stubUseAuth(() => ({ session: { token: 't' }, user: { id: 'u1' } }));
  assignLocation = stubAssignLocation();
  fetchStub = stubFetch((url, init) => {
    if (url === '/api/tiktok/accounts') return json(list);
    if (url === '/api/tiktok/auth/ticket')
      return json({ url: '/api/tiktok/auth/login?ticket=abc' });
    if (url === '/api/tiktok/accounts/default' && init.method === 'PUT') {
      list = {
        accounts: list.accounts.map((a) => ({ ...a, is_default: a.open_id === 'o2' })),
        default_open_id: 'o2',
      };
      return json(list);
    }
    if (url === '/api/tiktok/accounts/o1' && init.method === 'DELETE') {
      list = { accounts: list.accounts.slice(1), default_open_id: null };
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rows = async () =>
  within(
    await screen.findByRole('list', { name: 'Connected TikTok accounts' }, { timeout: 5000 }),
  ).getAllByRole('listitem');

describe('TikTokSettingsTab', () => {
  it('lists the accounts with "(default)", @username and a Reconnect state', async () => {
    renderTab();
    const [first, second] = await rows();
    expect(first).toHaveTextContent('Glow Shop (default)');
    expect(first).toHaveTextContent('@glowshop');
    expect(second).toHaveTextContent('Reconnect needed');
    expect(within(second!).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(screen.getByText('Connected to @glowshop')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add another TikTok account' })).toBeInTheDocument();
  });

  it('names the permissions an account did not grant, in TikTok’s words, and how to grant them', async () => {
    list = {
      accounts: [account({ missing_scopes: ['video.publish', 'video.list'] })],
      default_open_id: 'o1',
    };
    renderTab();
    const missing = await screen.findByRole('list', {
      name: 'Permissions Glow Shop did not grant',
    });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '“Post content to your account directly”: Hookreel cannot read its posting settings (the nickname it posts as, the longest video TikTok takes from it); drafts still go to its inbox.',
      '“Read your public videos”: Analytics cannot read its videos’ views, likes, comments and shares.',
    ]);
    expect(
      screen.getByText(
        'To grant them, reconnect the account in Settings → TikTok and leave “Post content to your account directly” and “Read your public videos” ticked on TikTok’s screen.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Reconnect needed')).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Reconnect Glow Shop to grant the missing permissions' }),
    );
    await waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/api/tiktok/auth/login?ticket=abc'),
    );
    expect(fetchStub.calls('/api/tiktok/auth/ticket')).toEqual([
      { method: 'POST', body: { returnTo: 'settings' } },
    ]);
  });

  it('tells a seller whose account needs reconnecting that scheduled items wait', async () => {
    renderTab();
    const [, second] = await rows();
    expect(second).toHaveTextContent(
      'TikTok no longer accepts Hookreel’s sign-in for this account. Reconnect it to post again; scheduled campaign items wait until then and are sent once it is reconnected.',
    );
  });

  it('makes another account the default', async () => {
    renderTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make Glow Deals the default account' }),
    );
    await waitFor(async () => expect((await rows())[1]).toHaveTextContent('Glow Deals (default)'));
    expect(fetchStub.calls('/api/tiktok/accounts/default')).toEqual([
      { method: 'PUT', body: { open_id: 'o2' } },
    ]);
  });

  it('disconnects after the confirm dialog, with its toast', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Glow Shop' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Disconnect TikTok Account?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('TikTok Disconnected')).toBeInTheDocument();
    expect(
      screen.getByText('Your TikTok account has been disconnected successfully.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it('says when disconnecting failed', async () => {
    fetchStub.setHandler((url) =>
      url === '/api/tiktok/accounts'
        ? json(TWO)
        : apiError(502, 'TikTok could not be reached', 'tiktok_error'),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Glow Shop' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(await screen.findByText('Failed to disconnect TikTok account')).toBeInTheDocument();
  });

  it('adds another account through a single-use login link, back to Settings', async () => {
    renderTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add another TikTok account' }),
    );
    await waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/api/tiktok/auth/login?ticket=abc'),
    );
    expect(fetchStub.calls('/api/tiktok/auth/ticket')).toEqual([
      { method: 'POST', body: { addAnother: true, returnTo: 'settings' } },
    ]);
  });

  it('offers "Connect TikTok Account" when none is connected', async () => {
    list = { accounts: [], default_open_id: null };
    renderTab();
    const button = await screen.findByRole('button', { name: 'Connect TikTok Account' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByText('TikTok not connected')).toBeInTheDocument();
  });

  it('shows the query-string toasts once and drops the flags', async () => {
    renderTab('/settings?tab=tiktok&tiktok_connected=true');
    expect(await screen.findByText('TikTok Connected!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\?tab=tiktok$/),
    );
  });

  it('shows the failure toast for tiktok_error=true', async () => {
    renderTab('/settings?tab=tiktok&tiktok_error=true');
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to connect your TikTok account. Please try again.'),
    ).toBeInTheDocument();
  });
});

/** The public config of a server whose TikTok features go `mode`'s way (decision 063). */
const withMode = (mode: 'tiktok' | 'sandbox' | 'off') =>
  fetchStub.setHandler((url) => {
    if (url === '/api/config') {
      return json({
        appUrl: 'http://localhost:3000',
        supportEmail: 'support@hookreel.app',
        pixel: null,
        mailOutbox: false,
        tiktok: mode,
        voice: false,
      });
    }
    if (url === '/api/tiktok/accounts') return json(list);
    return undefined;
  });

describe('TikTokSettingsTab and where TikTok goes', () => {
  it('labels every account "TikTok sandbox" when posts go to the built-in sandbox', async () => {
    withMode('sandbox');
    renderTab();
    const [first, second] = await rows();
    expect(await within(first!).findByText('TikTok sandbox')).toBeVisible();
    expect(within(second!).getByText('TikTok sandbox')).toBeVisible();
  });

  it('labels nothing on a server that talks to TikTok itself', async () => {
    withMode('tiktok');
    renderTab();
    await rows();
    await waitFor(() =>
      expect(fetchStub.fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/config'),
    );
    expect(screen.queryByText('TikTok sandbox')).toBeNull();
    expect(screen.getByRole('button', { name: /Add another TikTok account/ })).toBeVisible();
  });

  it('says TikTok is not set up, in words, instead of offering to connect', async () => {
    list = { accounts: [], default_open_id: null };
    withMode('off');
    renderTab();
    expect(
      await screen.findByText(
        'TikTok is not set up on this server yet, so TikTok accounts cannot be connected and nothing can be posted. Ask the site’s operator to configure TikTok.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Connect TikTok Account/ })).toBeNull();
  });
});
