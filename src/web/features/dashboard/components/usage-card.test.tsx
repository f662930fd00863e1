import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UsageCard, usageFigures } from './usage-card';

const renderCard = (
  limit: number | null,
  remainingQuota: number,
  onUpgrade = vi.fn(async () => {}),
) => render(<UsageCard limit={limit} remainingQuota={remainingQuota} onUpgrade={onUpgrade} />);

const bar = () => screen.getByRole('progressbar', { name: 'This period usage' });

describe('usageFigures', () => {
  it('follows the dashboard rules of docs/product/dashboard.md rule 2', () => {
    expect(usageFigures(50, 50)).toEqual({
      used: 0,
      limit: 50,
      left: 50,
      percent: 0,
      tone: 'normal',
    });
    expect(usageFigures(15, 4)).toEqual({
      used: 11,
      limit: 15,
      left: 4,
      percent: 73,
      tone: 'normal',
    });
    // 80% exactly is not "above 80%".
    expect(usageFigures(50, 10)?.tone).toBe('normal');
    expect(usageFigures(50, 9)).toMatchObject({ used: 41, percent: 82, tone: 'warning' });
    expect(usageFigures(15, 0)).toMatchObject({
      used: 15,
      left: 0,
      percent: 100,
      tone: 'exhausted',
    });
    // More remaining than the limit (a plan change mid-period) floors used at 0.
    expect(usageFigures(15, 20)).toMatchObject({ used: 0, left: 15, percent: 0 });
    // An overdrawn quota caps at 100%.
    expect(usageFigures(15, -3)).toMatchObject({
      used: 18,
      left: 0,
      percent: 100,
      tone: 'exhausted',
    });
    expect(usageFigures(null, 0)).toBeNull();
    expect(usageFigures(0, 0)).toBeNull();
  });
});

describe('UsageCard', () => {
  it('shows the count, the label, a normal bar and what is left', () => {
    renderCard(50, 38);

    expect(screen.getByRole('region', { name: 'This period usage' })).toBeInTheDocument();
    expect(screen.getByText('12/50')).toBeInTheDocument();
    expect(screen.getByText('Videos/Photos')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('data-tone', 'normal');
    expect(bar()).toHaveAttribute('aria-valuenow', '24');
    expect(bar()).toHaveAttribute('aria-valuetext', '12 of 50 Videos/Photos used');
    expect(screen.getByText('38 left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('turns yellow above 80%', () => {
    renderCard(15, 2);

    expect(screen.getByText('13/15')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('data-tone', 'warning');
    expect(bar().firstElementChild).toHaveClass('bg-amber-500');
    expect(screen.getByText('2 left')).toBeInTheDocument();
  });

  it('turns red when used up and offers Upgrade instead of "0 left"', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onUpgrade = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderCard(15, 0, onUpgrade);

    expect(screen.getByText('15/15')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('data-tone', 'exhausted');
    expect(bar().firstElementChild).toHaveClass('bg-destructive');
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeDisabled();
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });

  it('is hidden when the limit is null or 0', () => {
    const { container, rerender } = renderCard(null, 0);
    expect(container).toBeEmptyDOMElement();

    rerender(<UsageCard limit={0} remainingQuota={0} onUpgrade={vi.fn(async () => {})} />);
    expect(container).toBeEmptyDOMElement();
  });
});
