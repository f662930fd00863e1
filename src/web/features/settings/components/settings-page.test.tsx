import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuthUser } from '#contract/user';
import { Toaster } from '@/components/ui/toaster';
import { queryKeys } from '@/lib/query-keys';
import { authUserFixture } from '@/testing/fixtures';
import { stubUseAuth } from '@/testing/module-stubs';
import { SettingsPage, parseSettingsTab } from './settings-page';

const user: TAuthUser = authUserFixture({ fullName: null });

type Handler = (url: string, init: RequestInit) => Response | undefined;
let handler: Handler;
let fetchMock: ReturnType<typeof vi.fn>;
let queryClient: QueryClient;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const LocationProbe = () => <p data-testid="location">{useLocation().search}</p>;

const renderSettings = (url = '/settings') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <SettingsPage />
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

const toastText = async (text: string) =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

const requestsTo = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path) as [string, RequestInit][];

beforeEach(() => {
  stubUseAuth(() => ({ user }));
  queryClient = new QueryClient();
  handler = () => undefined;
  fetchMock = vi.fn(
    async (url: string, init: RequestInit = {}) =>
      handler(url, init) ?? new Response('Not Found', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseSettingsTab', () => {
  it('accepts the three tabs and falls back to general', () => {
    expect(parseSettingsTab('tiktok')).toBe('tiktok');
    expect(parseSettingsTab('billing')).toBe('billing');
    expect(parseSettingsTab('general')).toBe('general');
    expect(parseSettingsTab('nope')).toBe('general');
    expect(parseSettingsTab(null)).toBe('general');
  });
});

describe('SettingsPage', () => {
  it('picks the tab from ?tab= and writes it back on a switch', async () => {
    const u = userEvent.setup();
    renderSettings('/settings?tab=billing&billing=success');

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Billing arrives with plans and checkout.')).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'TikTok' }));
    expect(
      await screen.findByText('TikTok connection arrives with the TikTok integration.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\?tab=tiktok$/);
  });

  it('shows General for an unknown tab, with the account details read-only', () => {
    renderSettings('/settings?tab=whatever');

    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    for (const [label, value] of [
      ['First name', 'Jane'],
      ['Last name', 'Doe'],
      ['Email', 'jane@example.com'],
      ['Plan', 'Plus'],
    ]) {
      const field = screen.getByLabelText(label as string);
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('uploads an avatar at once and saves it with Save Avatar', async () => {
    const u = userEvent.setup();
    const saved = { ...user, profileImageUrl: '/files/avatar.png' };
    handler = (url) => {
      if (url === '/api/upload-images') return json({ urls: ['/files/avatar.png'] });
      if (url === '/api/user/profile') return json(saved);
      return undefined;
    };
    renderSettings();

    const saveButton = screen.getByRole('button', { name: 'Save Avatar' });
    expect(saveButton).toBeDisabled();
    const input = screen.getByLabelText('Avatar');
    expect(input).toHaveAttribute('accept', 'image/*');

    await u.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await toastText('Avatar uploaded');
    await toastText("Don't forget to save changes.");
    const [, uploadInit] = requestsTo('/api/upload-images')[0] ?? [];
    expect(uploadInit?.method).toBe('POST');
    expect((uploadInit?.body as FormData).get('images')).toBeInstanceOf(File);

    await u.click(saveButton);
    await toastText('Profile updated');
    const [, patchInit] = requestsTo('/api/user/profile')[0] ?? [];
    expect(patchInit?.method).toBe('PATCH');
    expect(JSON.parse(String(patchInit?.body))).toEqual({ profileImageUrl: '/files/avatar.png' });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(saved);
  });

  it('reports a failed upload, and an upload without a URL', async () => {
    const u = userEvent.setup();
    handler = (url) =>
      url === '/api/upload-images'
        ? json({ error: 'Unsupported image', code: 'unsupported' }, 415)
        : undefined;
    renderSettings();

    await u.upload(
      screen.getByLabelText('Avatar'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await toastText('Upload failed');
    await toastText('Unsupported image');

    handler = (url) => (url === '/api/upload-images' ? json({ urls: [] }) : undefined);
    await u.upload(
      screen.getByLabelText('Avatar'),
      new File(['x'], 'b.png', { type: 'image/png' }),
    );
    await toastText('No URL returned');
    expect(screen.getByRole('button', { name: 'Save Avatar' })).toBeDisabled();
  });

  it('reports a failed avatar save', async () => {
    const u = userEvent.setup();
    handler = (url) => {
      if (url === '/api/upload-images') return json({ urls: ['/files/a.png'] });
      if (url === '/api/user/profile') return json({ error: 'Nope' }, 500);
      return undefined;
    };
    renderSettings();

    await u.upload(
      screen.getByLabelText('Avatar'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await toastText('Avatar uploaded');
    await u.click(screen.getByRole('button', { name: 'Save Avatar' }));
    await toastText('Save failed');
    expect(queryClient.getQueryData(queryKeys.user)).toBeUndefined();
  });

  it("lists every time zone, starts on the user's and saves a new one", async () => {
    const u = userEvent.setup();
    const saved = { ...user, timezone: 'America/New_York' };
    handler = (url) => (url === '/api/user/profile' ? json(saved) : undefined);
    renderSettings();

    const select = screen.getByLabelText('Timezone');
    expect(select).toHaveValue('Europe/Paris');
    const options = within(select).getAllByRole('option');
    expect(options.length).toBeGreaterThan(300);
    expect(options.map((o) => o.getAttribute('value'))).toContain('UTC');

    await u.selectOptions(select, 'America/New_York');
    await u.click(screen.getByRole('button', { name: 'Save Timezone' }));
    await toastText('Timezone updated');
    const [, init] = requestsTo('/api/user/profile')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ timezone: 'America/New_York' });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(saved);
  });

  it('reports a failed time zone save', async () => {
    const u = userEvent.setup();
    handler = (url) => (url === '/api/user/profile' ? json({ error: 'Bad zone' }, 400) : undefined);
    renderSettings();

    await u.click(screen.getByRole('button', { name: 'Save Timezone' }));
    await toastText('Save failed');
  });

  it("sends the password reset e-mail to the user's address", async () => {
    const u = userEvent.setup();
    handler = (url) => (url === '/api/auth/request-password-reset' ? json({}) : undefined);
    renderSettings();

    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    await toastText('Password reset email sent');
    const [, init] = requestsTo('/api/auth/request-password-reset')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ email: 'jane@example.com' });

    handler = () => json({ error: 'down' }, 503);
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    await toastText('Failed to send reset email');
  });
});
