import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SampleVideo } from './sample-video';

describe('SampleVideo', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says the video is being prepared when it cannot load, then tries again', () => {
    vi.useFakeTimers();
    // A browser's observer that never reports the video in view (jsdom has none).
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(<SampleVideo src="/videos/ugc-example-1.mp4" label="Sample ad: a hook" />);
    const video = screen.getByLabelText('Sample ad: a hook');
    expect(screen.queryByRole('status')).toBeNull();
    // It plays when it comes into view (play-while-visible.ts), not from the first paint.
    expect(video).not.toHaveAttribute('autoplay');
    expect(video).toHaveAttribute('preload', 'metadata');

    // What a 404 from the server (not made yet) looks like to the page.
    fireEvent.error(video);
    expect(screen.getByRole('status')).toHaveTextContent('Preparing this sample video…');
    expect(screen.queryByLabelText('Sample ad: a hook')).toBeNull();

    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText('Sample ad: a hook')).toHaveAttribute(
      'src',
      '/videos/ugc-example-1.mp4',
    );
  });
});
