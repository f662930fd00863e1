import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen, displayedProgress } from './loading-screen';

const progressValue = () =>
  Number(screen.getByRole('progressbar', { name: 'Loading' }).getAttribute('aria-valuenow'));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LoadingScreen', () => {
  it('blurs nothing: the bar and the dots repaint over the glow several times a second (decision 252)', () => {
    const { container } = render(<LoadingScreen />);

    const blurred = [...container.querySelectorAll('[class]')]
      .map((element) => element.getAttribute('class') ?? '')
      .filter((classes) => /(^|\s)(backdrop-)?blur(-\S+)?(\s|$)/.test(classes));
    expect(blurred).toEqual([]);
    expect(container.querySelector('.glow-fade')).not.toBeNull();
  });

  it('shows the logo, both tips and cycles the status text every 2 s', () => {
    render(<LoadingScreen />);

    expect(screen.getByRole('heading', { name: 'Hookreel' })).toBeInTheDocument();
    expect(
      screen.getByText('Tip: Your dashboard will load faster on subsequent visits'),
    ).toBeInTheDocument();
    expect(screen.getByText("We're preparing your personalized experience")).toBeInTheDocument();

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading your account...');
    act(() => vi.advanceTimersByTime(1999));
    expect(status).toHaveTextContent('Loading your account...');
    act(() => vi.advanceTimersByTime(1));
    expect(status).toHaveTextContent('Fetching your profile...');
    act(() => vi.advanceTimersByTime(2000));
    expect(status).toHaveTextContent('Preparing your dashboard...');
    act(() => vi.advanceTimersByTime(2000));
    expect(status).toHaveTextContent('Almost ready...');
    act(() => vi.advanceTimersByTime(2000));
    expect(status).toHaveTextContent('Loading your account...');
  });

  it("shows the preload's text instead of the rotating ones", () => {
    render(<LoadingScreen statusText="Loading collections..." />);

    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status')).toHaveTextContent('Loading collections...');
  });

  it('creeps up by at most 15 every 300 ms and never shows more than 99', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    render(<LoadingScreen />);

    expect(progressValue()).toBe(0);
    act(() => vi.advanceTimersByTime(300));
    expect(progressValue()).toBe(15);
    act(() => vi.advanceTimersByTime(300));
    expect(progressValue()).toBe(30);
    act(() => vi.advanceTimersByTime(3000));
    expect(progressValue()).toBe(99);
  });

  it('never shows less than the given progress', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { rerender } = render(<LoadingScreen progress={45} />);

    expect(progressValue()).toBe(45);
    rerender(<LoadingScreen progress={100} />);
    expect(progressValue()).toBe(99);
  });
});

describe('displayedProgress', () => {
  it('takes the larger of creep and progress, capped at 99', () => {
    expect(displayedProgress(12.4)).toBe(12);
    expect(displayedProgress(10, 30)).toBe(30);
    expect(displayedProgress(60, 30)).toBe(60);
    expect(displayedProgress(100, 100)).toBe(99);
  });
});
