import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuthUser } from '#contract/user';
import { TooltipProvider } from '@/components/ui/tooltip';
import { stubUseAuth } from '@/testing/module-stubs';
import { AppLayout } from './app-layout';
import { userDisplayName, userInitials } from './sidebar';

const auth = {
  user: null as unknown,
  signOut: vi.fn(async () => undefined),
};

const makeUser = (overrides: Partial<TAuthUser> = {}) =>
  ({
    id: 'u1',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    displayName: 'Jane Doe',
    profileImageUrl: null,
    timezone: 'Europe/Paris',
    plan: 'basic',
    ...overrides,
  }) as TAuthUser;

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      {/* A second provider outside the layout's own does no harm. */}
      <TooltipProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/" element={<p>Landing page</p>} />
            <Route path="*" element={<AppLayout>{<p>Page body</p>}</AppLayout>} />
          </Routes>
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );

beforeEach(() => {
  auth.user = makeUser();
  auth.signOut.mockClear();
  stubUseAuth(() => ({ user: auth.user, signOut: auth.signOut }));
});

describe('AppLayout', () => {
  it('lists the navigation with its destinations and shows the page', () => {
    renderAt('/app');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(within(nav).getByRole('link', { name: 'Create UGC Ads' })).toHaveAttribute(
      'href',
      '/create',
    );
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(nav).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    expect(screen.getByRole('main')).toHaveTextContent('Page body');
  });

  it.each([
    ['/app', 'Dashboard'],
    ['/create?tool=carousel', 'Create UGC Ads'],
    ['/create/video', 'Create UGC Ads'],
    ['/products', 'Products'],
    ['/campaigns?openCampaign=c1', 'Campaigns'],
    ['/settings?tab=billing', 'Settings'],
  ])('highlights the current route for %s', (url, label) => {
    renderAt(url);

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  it('shows the empty queue panel', () => {
    renderAt('/app');

    const queue = screen.getByRole('region', { name: 'Queue' });
    expect(queue).toHaveTextContent('0 pending');
    expect(queue).toHaveTextContent('0 completed');
    expect(queue).toHaveTextContent('No items in queue');
  });

  it('shows the user with initials and a plan badge, and logs out to /', async () => {
    const user = userEvent.setup();
    renderAt('/settings');

    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('JD')).toBeInTheDocument();
    expect(screen.getByText('Basic Plan')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
  });

  it('defaults the badge to the Free plan', () => {
    auth.user = makeUser({ plan: undefined as unknown as TAuthUser['plan'] });
    renderAt('/app');

    expect(screen.getByText('Free Plan')).toBeInTheDocument();
  });

  it('opens the navigation from the menu button on small screens and closes it on navigation', async () => {
    const user = userEvent.setup();
    renderAt('/app');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(dialog).getByRole('link', { name: 'Products' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('user helpers', () => {
  it('builds initials and display names', () => {
    expect(userInitials(makeUser())).toBe('JD');
    expect(userInitials(makeUser({ firstName: null, lastName: null, displayName: 'sam' }))).toBe(
      'S',
    );
    expect(userInitials(null)).toBe('U');
    expect(userDisplayName(makeUser({ lastName: null }))).toBe('Jane');
    expect(userDisplayName(null)).toBe('User');
  });
});
