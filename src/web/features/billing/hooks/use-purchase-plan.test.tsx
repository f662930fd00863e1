import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubAssignLocation, stubToast } from '@/testing/module-stubs';
import { PLAN_TOAST_SHOWN } from './use-billing-success';
import { usePurchasePlan } from './use-purchase-plan';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/pricing']}>{children}</MemoryRouter>
);

const renderPurchase = () =>
  renderHook(() => ({ purchase: usePurchasePlan(), location: useLocation() }), { wrapper });

let fetchStub: ReturnType<typeof stubFetch>;
let assignLocation: ReturnType<typeof stubAssignLocation>;
let toast: ReturnType<typeof stubToast>;

beforeEach(() => {
  fetchStub = stubFetch();
  assignLocation = stubAssignLocation();
  toast = stubToast();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePurchasePlan', () => {
  it('200 from update-subscription: toast, then /settings?billing=success, no checkout', async () => {
    fetchStub.setHandler((url) =>
      url === '/api/billing/update-subscription' ? json({ plan: 'pro' }) : undefined,
    );
    const { result } = renderPurchase();

    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.purchase('pro');
    });

    expect(outcome).toBe('updated');
    expect(toast).toHaveBeenCalledWith({
      title: 'Plan updated',
      description: "You're now on the Pro plan.",
    });
    expect(`${result.current.location.pathname}${result.current.location.search}`).toBe(
      '/settings?billing=success',
    );
    expect(result.current.location.state).toEqual({ [PLAN_TOAST_SHOWN]: true });
    expect(fetchStub.calls('/api/billing/create-checkout-session')).toHaveLength(0);
  });

  it('any other answer from update-subscription falls back to checkout and its url', async () => {
    fetchStub.setHandler((url) => {
      // 202: accepted but not done, so not a finished plan change (docs/product/billing.md rule 7).
      if (url === '/api/billing/update-subscription') return json({}, 202);
      if (url === '/api/billing/create-checkout-session')
        return json({ url: 'https://checkout.stripe.com/c/pay/cs_1' });
      return undefined;
    });
    const { result } = renderPurchase();

    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.purchase('basic');
    });

    expect(outcome).toBe('checkout');
    expect(assignLocation).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
    expect(fetchStub.calls('/api/billing/create-checkout-session')).toEqual([
      { method: 'POST', body: { plan: 'basic' } },
    ]);
    expect(result.current.location.pathname).toBe('/pricing');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the server message of an error answer',
      apiError(400, 'Card declined', 'card_declined'),
      'Card declined',
    ],
    [
      'the { error } of an answer without url',
      json({ error: 'Checkout is paused' }),
      'Checkout is paused',
    ],
    [
      'the fallback without a message',
      new Response('Bad Gateway', { status: 502 }),
      'Failed to start checkout',
    ],
  ])('a failed checkout toasts "Billing error" with %s', async (_label, answer, description) => {
    fetchStub.setHandler((url) =>
      url === '/api/billing/create-checkout-session' ? answer : undefined,
    );
    const { result } = renderPurchase();

    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.purchase('plus');
    });

    expect(outcome).toBe('failed');
    expect(toast).toHaveBeenCalledWith({
      title: 'Billing error',
      description,
      variant: 'destructive',
    });
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('a network failure also ends in the fallback message', async () => {
    fetchStub.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderPurchase();

    await act(async () => {
      await result.current.purchase('plus');
    });

    expect(toast).toHaveBeenCalledWith({
      title: 'Billing error',
      description: 'Failed to start checkout',
      variant: 'destructive',
    });
  });
});
