import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PLANS } from '#contract/plans';
import type { TPaidPlanKey } from '#contract/plans';
import { CURRENT_PLAN_TEXT, PlanCards } from './plan-cards';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const card = (title: string) => screen.getByRole('region', { name: title });

describe('PlanCards', () => {
  it('renders the basic, plus and pro cards from the plan table', () => {
    render(<PlanCards onBuy={vi.fn(async () => {})} />);

    const regions = screen.getAllByRole('region');
    expect(regions).toHaveLength(3);
    for (const key of ['basic', 'plus', 'pro'] as const) {
      const plan = PLANS[key];
      const region = card(plan.title);
      expect(within(region).getByRole('heading', { name: plan.title })).toBeInTheDocument();
      expect(region).toHaveTextContent(plan.price);
      for (const feature of plan.features)
        expect(within(region).getByText(feature)).toBeInTheDocument();
      expect(within(region).getByRole('button', { name: 'Buy Now' })).toHaveAccessibleDescription(
        plan.title,
      );
    }
  });

  it('never offers "Buy Now" for the plan the user already has', () => {
    render(<PlanCards onBuy={vi.fn(async () => {})} currentPlan="plus" />);
    const plus = card(PLANS.plus.title);
    expect(within(plus).queryByRole('button')).toBeNull();
    expect(within(plus).getByText(CURRENT_PLAN_TEXT)).toBeInTheDocument();
    for (const key of ['basic', 'pro'] as const) {
      expect(within(card(PLANS[key].title)).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    }
  });

  it('shows "Most Popular" on the plus card only', () => {
    render(<PlanCards onBuy={vi.fn(async () => {})} />);

    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(within(card('Plus')).getByText('Most Popular')).toBeInTheDocument();
  });

  it('marks the current plan', () => {
    render(<PlanCards onBuy={vi.fn(async () => {})} currentPlan="pro" />);

    expect(within(card('Pro')).getByText('Current plan')).toBeInTheDocument();
    expect(within(card('Basic')).queryByText('Current plan')).not.toBeInTheDocument();
  });

  it('shows Processing… on the clicked card only and re-enables it when the purchase ends', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onBuy = vi.fn((_plan: TPaidPlanKey) => pending.promise);
    render(<PlanCards onBuy={onBuy} />);

    await user.click(within(card('Plus')).getByRole('button', { name: 'Buy Now' }));

    expect(onBuy).toHaveBeenCalledWith('plus');
    const plusButton = within(card('Plus')).getByRole('button', { name: 'Processing…' });
    expect(plusButton).toBeDisabled();
    expect(within(card('Basic')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(within(card('Pro')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();

    await act(async () => {
      pending.resolve();
      await pending.promise;
    });

    expect(within(card('Plus')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
  });

  it('re-enables the button when the purchase fails', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    render(<PlanCards onBuy={() => pending.promise} />);

    await user.click(within(card('Basic')).getByRole('button', { name: 'Buy Now' }));
    expect(within(card('Basic')).getByRole('button', { name: 'Processing…' })).toBeDisabled();

    await act(async () => {
      pending.reject(new Error('card declined'));
      await pending.promise.catch(() => {});
    });

    expect(within(card('Basic')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });
});
