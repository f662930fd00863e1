import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchHandler } from '@/testing/fetch-mock';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubAssignLocation, stubToast } from '@/testing/module-stubs';
import { useDashboardUpgrade } from './use-dashboard-upgrade';

const PORTAL = '/api/billing/create-portal-session';
const UPDATE = '/api/billing/update-subscription';
const CHECKOUT = '/api/billing/create-checkout-session';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/app']}>{children}</MemoryRouter>
);

let fetchStub: ReturnType<typeof stubFetch>;
let assignLocation: ReturnType<typeof stubAssignLocation>;
let toastSpy: ReturnType<typeof stubToast>;

const run = async (plan: string | null, handler: FetchHandler) => {
  fetchStub.setHandler(handler);
  const { result } = renderHook(
    () => ({ upgrade: useDashboardUpgrade(), location: useLocation() }),
    { wrapper },
  );
  await act(async () => {
    await result.current.upgrade(plan);
  });
  return `${result.current.location.pathname}${result.current.location.search}`;
};

const broken = () => apiError(500, 'Something went wrong on our side', 'internal_error');

beforeEach(() => {
  fetchStub = stubFetch();
  assignLocation = stubAssignLocation();
  toastSpy = stubToast();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useDashboardUpgrade', () => {
  it('sends free users to settings without calling billing', async () => {
    expect(await run('free', () => json({ url: '/never' }))).toBe('/settings?tab=billing');
    expect(await run(null, () => json({ url: '/never' }))).toBe('/settings?tab=billing');
    expect(fetchStub.fetchMock).not.toHaveBeenCalled();
  });

  it('1. opens the billing portal when it can', async () => {
    const where = await run('plus', (url) =>
      url === PORTAL ? json({ url: '/billing/portal/ps_1' }) : undefined,
    );

    expect(assignLocation).toHaveBeenCalledWith('/billing/portal/ps_1');
    expect(fetchStub.calls(UPDATE)).toHaveLength(0);
    expect(where).toBe('/app');
  });

  it('2. portal fails: moves basic to plus in place and lands on billing=success', async () => {
    const where = await run('basic', (url) => {
      if (url === PORTAL) return broken();
      if (url === UPDATE) return json({ plan: 'plus' });
      return undefined;
    });

    expect(fetchStub.calls(UPDATE)).toEqual([{ method: 'POST', body: { plan: 'plus' } }]);
    expect(fetchStub.calls(CHECKOUT)).toHaveLength(0);
    expect(where).toBe('/settings?billing=success');
  });

  it('3. portal and update fail: checkout for the next plan without a trial', async () => {
    const where = await run('plus', (url) => {
      if (url === PORTAL) return json({ error: 'No customer' });
      if (url === UPDATE) return apiError(409, 'No subscription', 'no_subscription');
      if (url === CHECKOUT) return json({ url: 'https://checkout.stripe.com/c/pay/cs_2' });
      return undefined;
    });

    expect(fetchStub.calls(UPDATE)).toEqual([{ method: 'POST', body: { plan: 'pro' } }]);
    expect(fetchStub.calls(CHECKOUT)).toEqual([
      { method: 'POST', body: { plan: 'pro', trial: false } },
    ]);
    expect(assignLocation).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2');
    expect(where).toBe('/app');
  });

  it('4. every step fails: silently ends at settings', async () => {
    const where = await run('pro', () => broken());

    expect(fetchStub.calls(PORTAL)).toHaveLength(1);
    expect(fetchStub.calls(UPDATE)).toEqual([{ method: 'POST', body: { plan: 'pro' } }]);
    expect(fetchStub.calls(CHECKOUT)).toEqual([
      { method: 'POST', body: { plan: 'pro', trial: false } },
    ]);
    expect(assignLocation).not.toHaveBeenCalled();
    expect(toastSpy).not.toHaveBeenCalled();
    expect(where).toBe('/settings?tab=billing');
  });

  it('a network failure at every step ends at settings too', async () => {
    fetchStub.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(
      () => ({ upgrade: useDashboardUpgrade(), location: useLocation() }),
      { wrapper },
    );
    await act(async () => {
      await result.current.upgrade('basic');
    });
    expect(fetchStub.fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.location.pathname).toBe('/settings');
  });
});
