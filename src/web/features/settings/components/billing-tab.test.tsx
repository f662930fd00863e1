import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TBillingSummary } from '#contract/billing';
import type { TPlanKey } from '#contract/plans';
import type { BillingTabProps } from './billing-tab';
import {
  BillingTab,
  billingButtonsFor,
  formatInvoiceLine,
  formatMoney,
  subscriptionStatusLabel,
} from './billing-tab';

// Noon UTC, so the date reads the same in every time zone the tests may run in.
const PERIOD_END = '2025-02-15T12:00:00.000Z';
const JAN_15_NOON = Date.UTC(2025, 0, 15, 12) / 1000;

const summary = (overrides: Partial<TBillingSummary> = {}): TBillingSummary => ({
  current_period_end: PERIOD_END,
  amount: 3900,
  currency: 'usd',
  payment_method: { brand: 'visa', last4: '4242' },
  cancel_at_period_end: false,
  test_mode: false,
  invoices: [
    {
      id: 'in_1',
      created: JAN_15_NOON,
      amount_due: 3900,
      currency: 'usd',
      status: 'paid',
      hosted_invoice_url: 'https://invoice.stripe.com/i/in_1',
    },
    {
      id: 'in_0',
      created: JAN_15_NOON - 31 * 86_400,
      amount_due: 1500,
      currency: 'eur',
      status: 'open',
      hosted_invoice_url: null,
    },
  ],
  ...overrides,
});

const renderTab = (props: Partial<BillingTabProps> = {}) => {
  const handlers = {
    onManageBilling: vi.fn(async () => {}),
    onGetBasic: vi.fn(async () => {}),
    onUpgrade: vi.fn(async () => {}),
  };
  render(
    <BillingTab
      plan="plus"
      subscriptionStatus="active"
      currentPeriodEnd={null}
      summary={summary()}
      isSummaryLoading={false}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
};

const detail = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

const buttonNames = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('billing tab helpers', () => {
  it('shows the subscription status, or active/free by plan when there is none', () => {
    expect(subscriptionStatusLabel('plus', 'past_due')).toBe('past_due');
    expect(subscriptionStatusLabel('plus', null)).toBe('active');
    expect(subscriptionStatusLabel('basic', '')).toBe('active');
    expect(subscriptionStatusLabel('free', null)).toBe('free');
    expect(subscriptionStatusLabel('free', 'canceled')).toBe('canceled');
  });

  it('formats money as cents ÷ 100 with the currency upper-case', () => {
    expect(formatMoney(3900, 'usd')).toBe('39.00 USD');
    expect(formatMoney(1550, 'eur')).toBe('15.50 EUR');
    expect(formatMoney(0, 'usd')).toBe('0.00 USD');
  });

  it('formats an invoice line as "{date} – {amount} {currency} ({status})"', () => {
    expect(formatInvoiceLine(summary().invoices[0]!)).toBe('Jan 15, 2025 – 39.00 USD (paid)');
  });

  it('picks the buttons of docs/product/billing.md rule 9 by plan', () => {
    const labels: Record<TPlanKey, string[]> = {
      free: ['basic', 'plus', 'pro'],
      basic: ['manage', 'plus', 'pro'],
      plus: ['manage', 'pro'],
      pro: ['manage'],
    };
    for (const [plan, buttons] of Object.entries(labels))
      expect(billingButtonsFor(plan as TPlanKey)).toEqual(buttons);
  });
});

describe('BillingTab', () => {
  it('shows plan, status, next charge, amount, payment method and the Fair Use line', () => {
    renderTab();

    expect(detail('Current Plan')).toHaveTextContent('Plus');
    expect(detail('Status')).toHaveTextContent('active');
    expect(detail('Next charge')).toHaveTextContent('Feb 15, 2025');
    expect(detail('Amount')).toHaveTextContent('39.00 USD');
    expect(detail('Payment method')).toHaveTextContent('visa •••• 4242');
    expect(screen.getByText('All features included under Fair Use.')).toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
  });

  it('says when the plan cancels at the period end, and marks test mode', () => {
    renderTab({ summary: summary({ cancel_at_period_end: true, test_mode: true }) });

    expect(detail('Next charge')).toHaveTextContent('Cancels on Feb 15, 2025');
    expect(screen.getByText('Test mode')).toBeVisible();
  });

  it('applies the status rule and dashes for a free user without billing data', () => {
    renderTab({
      plan: 'free',
      subscriptionStatus: null,
      summary: summary({
        current_period_end: null,
        amount: null,
        currency: null,
        payment_method: null,
        invoices: [],
      }),
    });

    expect(detail('Current Plan')).toHaveTextContent('Free');
    expect(detail('Status')).toHaveTextContent('free');
    expect(detail('Next charge')).toHaveTextContent('—');
    expect(detail('Amount')).toHaveTextContent('—');
    expect(detail('Payment method')).toHaveTextContent('—');
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();
  });

  it('uses the user record’s period end until the summary has one', () => {
    renderTab({ summary: undefined, currentPeriodEnd: PERIOD_END, subscriptionStatus: null });

    expect(detail('Status')).toHaveTextContent('active');
    expect(detail('Next charge')).toHaveTextContent('Feb 15, 2025');
  });

  it('lists recent invoices with a View link to the hosted invoice when there is one', () => {
    renderTab();

    const list = screen.getByRole('region', { name: 'Recent invoices' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Jan 15, 2025 – 39.00 USD (paid)');
    const view = within(items[0]!).getByRole('link', { name: 'View' });
    expect(view).toHaveAttribute('href', 'https://invoice.stripe.com/i/in_1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    expect(view).toHaveAccessibleDescription('Jan 15, 2025 – 39.00 USD (paid)');
    expect(items[1]).toHaveTextContent('Dec 15, 2024 – 15.00 EUR (open)');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    ['free', ['Get Basic', 'Upgrade to Plus', 'Upgrade to Pro']],
    ['basic', ['Manage billing', 'Upgrade to Plus', 'Upgrade to Pro']],
    ['plus', ['Manage billing', 'Upgrade to Pro']],
    ['pro', ['Manage billing']],
  ] as const)('a %s user sees %j', (plan, buttons) => {
    renderTab({ plan });
    expect(buttonNames()).toEqual(buttons);
  });

  it('wires each button to its action and blocks the others while one runs', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onManageBilling = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const handlers = renderTab({ plan: 'basic', onManageBilling });

    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(onManageBilling).toHaveBeenCalledTimes(1);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await act(async () => finish());

    await user.click(screen.getByRole('button', { name: 'Upgrade to Plus' }));
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(handlers.onUpgrade.mock.calls).toEqual([['plus'], ['pro']]);
  });

  it('Get Basic starts the basic purchase', async () => {
    const user = userEvent.setup();
    const handlers = renderTab({ plan: 'free' });

    await user.click(screen.getByRole('button', { name: 'Get Basic' }));
    expect(handlers.onGetBasic).toHaveBeenCalledTimes(1);
  });

  it('shows the plan cards it is given', () => {
    renderTab({ planCards: <p>cards</p> });
    expect(screen.getByRole('region', { name: 'Plans' })).toHaveTextContent('cards');
  });
});
