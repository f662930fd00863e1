import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBillingSummary } from '#contract/billing';
import type { TAuthUser } from '#contract/user';
import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';
import type { FetchHandler } from '@/testing/fetch-mock';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubAssignLocation, stubUseAuth } from '@/testing/module-stubs';
import { AuthDialogProvider } from '../auth-dialog-context';
import { SettingsRoute } from './settings-route';

const auth = { user: null as Partial<TAuthUser> | null };

const SUMMARY: TBillingSummary = {
  current_period_end: '2025-02-15T12:00:00.000Z',
  amount: 1500,
  currency: 'usd',
  payment_method: { brand: 'visa', last4: '4242' },
  cancel_at_period_end: false,
  test_mode: true,
  invoices: [],
};

const BASE_USER: Partial<TAuthUser> = {
  id: 'u1',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Seller',
  displayName: 'Maya Seller',
  profileImageUrl: null,
  timezone: 'UTC',
  subscriptionStatus: null,
  currentPeriodEnd: null,
};

let fetchStub: ReturnType<typeof stubFetch>;
let queryClient: QueryClient;
let assignLocation: ReturnType<typeof stubAssignLocation>;

const LocationProbe = () => {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
};

const renderSettings = (url: string | { pathname: string; search: string; state: unknown }) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AuthDialogProvider>
          <SettingsRoute />
          <LocationProbe />
        </AuthDialogProvider>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

const withSummary =
  (extra: FetchHandler = () => undefined): FetchHandler =>
  (url, init) =>
    extra(url, init) ?? (url === '/api/billing/summary' ? json(SUMMARY) : undefined);

const toastText = (text: string) =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

const billingCard = () => screen.getByRole('tabpanel', { name: 'Billing' });

beforeEach(() => {
  auth.user = { ...BASE_USER, plan: 'basic' };
  stubUseAuth(() => ({ user: auth.user, isAuthenticated: true }));
  assignLocation = stubAssignLocation();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  fetchStub = stubFetch(withSummary());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SettingsRoute billing tab', () => {
  it('shows the billing summary in the Billing tab', async () => {
    renderSettings('/settings?tab=billing');

    await waitFor(() => expect(within(billingCard()).getByText('15.00 USD')).toBeInTheDocument());
    expect(within(billingCard()).getByText('Test mode')).toBeInTheDocument();
    expect(within(billingCard()).getByText('visa •••• 4242')).toBeInTheDocument();
    // The plan cards of the purchase sequence sit under the summary; the user's own plan (Basic)
    // is not for sale again.
    expect(within(billingCard()).getAllByRole('button', { name: 'Buy Now' })).toHaveLength(2);
    expect(within(billingCard()).getByText('Your current plan')).toBeInTheDocument();
  });

  it('toasts "Failed to load billing summary" when the summary fails', async () => {
    fetchStub.setHandler(() => apiError(502, 'Stripe is unreachable', 'billing_unavailable'));
    renderSettings('/settings?tab=billing');

    await toastText('Failed to load billing summary');
    expect(within(billingCard()).getByText('Next charge').nextElementSibling).toHaveTextContent(
      '—',
    );
  });

  it('Manage billing opens the portal url', async () => {
    const user = userEvent.setup();
    fetchStub.setHandler(
      withSummary((url) =>
        url === '/api/billing/create-portal-session'
          ? json({ url: '/billing/portal/p1' })
          : undefined,
      ),
    );
    renderSettings('/settings?tab=billing');

    await user.click(screen.getByRole('button', { name: 'Manage billing' }));

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/billing/portal/p1'));
  });

  it('a failing portal toasts "Portal error" with the fallback text', async () => {
    const user = userEvent.setup();
    fetchStub.setHandler(
      withSummary((url) =>
        url === '/api/billing/create-portal-session'
          ? new Response('', { status: 500 })
          : undefined,
      ),
    );
    renderSettings('/settings?tab=billing');

    await user.click(screen.getByRole('button', { name: 'Manage billing' }));

    await toastText('Portal errorFailed to open portal');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('Get Basic starts a checkout; its failure toasts "Checkout failed"', async () => {
    const user = userEvent.setup();
    auth.user = { ...BASE_USER, plan: 'free' };
    fetchStub.setHandler(
      withSummary((url) =>
        url === '/api/billing/create-checkout-session' ? json({}, 200) : undefined,
      ),
    );
    renderSettings('/settings?tab=billing');

    await user.click(screen.getByRole('button', { name: 'Get Basic' }));

    await toastText('Checkout failedFailed to start checkout');
    expect(fetchStub.calls('/api/billing/create-checkout-session')).toEqual([
      { method: 'POST', body: { plan: 'basic' } },
    ]);
    expect(fetchStub.calls('/api/billing/update-subscription')).toHaveLength(0);
  });

  it('a free user’s Upgrade to Pro is a checkout', async () => {
    const user = userEvent.setup();
    auth.user = { ...BASE_USER, plan: 'free' };
    fetchStub.setHandler(
      withSummary((url) =>
        url === '/api/billing/create-checkout-session'
          ? json({ url: '/billing/checkout/c1' })
          : undefined,
      ),
    );
    renderSettings('/settings?tab=billing');

    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/billing/checkout/c1'));
    expect(fetchStub.calls('/api/billing/create-checkout-session')).toEqual([
      { method: 'POST', body: { plan: 'pro' } },
    ]);
  });

  it('a subscriber’s upgrade changes the plan in place and lands on the billing tab', async () => {
    const user = userEvent.setup();
    fetchStub.setHandler(
      withSummary((url) =>
        url === '/api/billing/update-subscription' ? json({ plan: 'plus' }) : undefined,
      ),
    );
    renderSettings('/settings?tab=billing');

    await user.click(screen.getByRole('button', { name: 'Upgrade to Plus' }));

    await toastText("Plan updatedYou're now on the Plus plan.");
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=billing'),
    );
    expect(fetchStub.calls('/api/billing/update-subscription')).toEqual([
      { method: 'POST', body: { plan: 'plus' } },
    ]);
  });

  it('a subscriber’s failed upgrade tries checkout, then toasts "Upgrade failed"', async () => {
    const user = userEvent.setup();
    fetchStub.setHandler(
      withSummary((url) => {
        if (url === '/api/billing/update-subscription')
          return apiError(502, 'Stripe is unreachable', 'billing_unavailable');
        if (url === '/api/billing/create-checkout-session')
          return new Response('', { status: 500 });
        return undefined;
      }),
    );
    renderSettings('/settings?tab=billing');

    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));

    await toastText('Upgrade failedFailed to start upgrade');
    expect(fetchStub.calls('/api/billing/create-checkout-session')).toEqual([
      { method: 'POST', body: { plan: 'pro', trial: false } },
    ]);
  });
});

describe('SettingsRoute ?billing=success', () => {
  it('toasts once, refreshes user, entitlements and summary, and drops the flag', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderSettings('/settings?billing=success');

    await toastText('Plan updated');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\?tab=billing$/),
    );
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([queryKeys.user, queryKeys.entitlements, queryKeys.billingSummary]),
    );
    const count = invalidate.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(invalidate.mock.calls.length).toBe(count);
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps a tab that was asked for', async () => {
    renderSettings('/settings?tab=general&billing=success');

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\?tab=general$/),
    );
  });

  it('skips its own toast when the purchase already said "Plan updated"', async () => {
    // Stands for the purchase's toast: a second toast would replace it (one at a time). It stays
    // up longer than the default 5 s, which a busy machine can spend before the check below.
    act(() => {
      toast({ title: "You're now on the Plus plan.", duration: 60_000 });
    });
    renderSettings({
      pathname: '/settings',
      search: '?billing=success',
      state: { planToastShown: true },
    });

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=billing'),
    );
    // By its text, not the live region's: Radix fills the announcement a frame after the toast
    // mounts, and on a loaded machine a fixed wait could look before that frame (CI, once).
    expect(await screen.findAllByText("You're now on the Plus plan.")).not.toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByText('Plan updated')).toHaveLength(0);
    expect(screen.getAllByText("You're now on the Plus plan.")).not.toHaveLength(0);
  });
});
