import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubAssignLocation } from '@/testing/module-stubs';
import { UpgradeDialog, describeBlockReason } from './upgrade-dialog';

const LocationProbe = () => {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
};

const Harness = ({ reason }: { reason: string }) => {
  const [open, setOpen] = useState(true);
  return <UpgradeDialog open={open} onOpenChange={setOpen} reason={reason} />;
};

const renderDialog = (reason = 'limit') =>
  render(
    <MemoryRouter initialEntries={['/create']}>
      <Harness reason={reason} />
      <LocationProbe />
      <Toaster />
    </MemoryRouter>,
  );

const card = (title: string) =>
  within(screen.getByRole('dialog')).getByRole('region', { name: title });

let fetchStub: ReturnType<typeof stubFetch>;
let assignLocation: ReturnType<typeof stubAssignLocation>;

beforeEach(() => {
  fetchStub = stubFetch();
  assignLocation = stubAssignLocation();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpgradeDialog', () => {
  it('shows the texts of docs/product/billing.md rule 6 and the three plan cards', () => {
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Generate' });
    expect(dialog).toHaveAccessibleDescription('All features included under Fair Use.');
    expect(within(dialog).getAllByRole('button', { name: 'Buy Now' })).toHaveLength(3);
    for (const title of ['Basic', 'Plus', 'Pro']) expect(card(title)).toBeInTheDocument();
    expect(
      within(dialog).getByText('You can manage or cancel at any time in Settings.'),
    ).toBeInTheDocument();
  });

  it('says why the action was blocked', () => {
    renderDialog('product_limit');

    expect(
      within(screen.getByRole('dialog')).getByText(
        "You've reached the number of products your plan allows.",
      ),
    ).toHaveAttribute('data-reason', 'product_limit');
  });

  it('words every known reason and has a fallback for others', () => {
    expect(describeBlockReason('limit')).toBe(
      "You've used all the Videos/Photos your plan includes this period.",
    );
    expect(describeBlockReason('campaign_limit')).toBe('Campaigns need a paid plan.');
    expect(describeBlockReason('ai_allowance_upgrade')).toBe(
      "You've used today's free AI requests. Upgrade to keep going today.",
    );
    expect(describeBlockReason('something_new')).toBe("Your current plan doesn't include this.");
  });

  it('Buy Now without a subscription goes to checkout, showing Processing… meanwhile', async () => {
    const user = userEvent.setup();
    let answerCheckout!: () => void;
    fetchStub.fetchMock.mockImplementationOnce(async (url: string) =>
      String(url) === '/api/billing/update-subscription'
        ? apiError(409, 'No subscription to change', 'no_subscription')
        : new Response('', { status: 500 }),
    );
    const checkoutAnswer = new Promise<Response>((resolve) => {
      answerCheckout = () => resolve(json({ url: '/billing/checkout/cs_1' }));
    });
    fetchStub.fetchMock.mockImplementationOnce(() => checkoutAnswer);
    renderDialog();

    await user.click(within(card('Plus')).getByRole('button', { name: 'Buy Now' }));

    expect(within(card('Plus')).getByRole('button', { name: 'Processing…' })).toBeDisabled();
    answerCheckout();
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/billing/checkout/cs_1'));
    expect(fetchStub.calls('/api/billing/update-subscription')).toEqual([
      { method: 'POST', body: { plan: 'plus' } },
    ]);
    expect(fetchStub.calls('/api/billing/create-checkout-session')).toEqual([
      { method: 'POST', body: { plan: 'plus' } },
    ]);
  });

  it('Buy Now for a subscriber changes the plan in place, closes and lands on settings', async () => {
    const user = userEvent.setup();
    fetchStub.setHandler((url) =>
      url === '/api/billing/update-subscription' ? json({ ok: true }) : undefined,
    );
    renderDialog();

    await user.click(within(card('Pro')).getByRole('button', { name: 'Buy Now' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/settings?billing=success'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Plan updated'));
    expect(fetchStub.calls('/api/billing/create-checkout-session')).toHaveLength(0);
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('a failed checkout shows "Billing error" with the server message and keeps the dialog', async () => {
    const user = userEvent.setup();
    fetchStub.setHandler((url) =>
      url === '/api/billing/create-checkout-session'
        ? apiError(400, 'Stripe price for plus is not configured', 'billing_unavailable')
        : undefined,
    );
    renderDialog();

    await user.click(within(card('Basic')).getByRole('button', { name: 'Buy Now' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Billing errorStripe price for plus is not configured',
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(card('Basic')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it('gives focus back to the control that was blocked when it closes', async () => {
    const OpenedByButton = () => {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Generate
          </button>
          <UpgradeDialog open={open} onOpenChange={setOpen} reason="limit" />
        </>
      );
    };
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <OpenedByButton />
      </MemoryRouter>,
    );
    const generate = screen.getByRole('button', { name: 'Generate' });
    await user.click(generate);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(generate).toHaveFocus();
  });
});
