import { afterEach, describe, expect, it, vi } from 'vitest';
import { playWhileVisible } from './play-while-visible';

/** jsdom has no IntersectionObserver: one the test drives, as the browser would. */
const installObserver = () => {
  const observers: { callback: IntersectionObserverCallback; threshold: unknown }[] = [];
  class DrivenObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, threshold: options?.threshold });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', DrivenObserver);
  return {
    threshold: () => observers[0]?.threshold,
    scroll: (video: HTMLVideoElement, inView: boolean) =>
      observers[0]!.callback(
        [{ isIntersecting: inView, target: video } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
  };
};

const mediaQuery = (reduce: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
      }) as MediaQueryList,
  );

const video = () => {
  const element = document.createElement('video');
  const play = vi.spyOn(element, 'play').mockResolvedValue(undefined);
  const pause = vi.spyOn(element, 'pause').mockImplementation(() => {
    Object.defineProperty(element, 'paused', { value: true, configurable: true });
  });
  return { element, play, pause };
};

describe('playWhileVisible', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('plays a video only while a quarter of it is in view', () => {
    mediaQuery(false);
    const observer = installObserver();
    const { element, play, pause } = video();
    playWhileVisible(element);

    expect(observer.threshold()).toBe(0.25);
    expect(element.autoplay).toBe(false);
    expect(play).not.toHaveBeenCalled();

    observer.scroll(element, true);
    expect(play).toHaveBeenCalledTimes(1);
    Object.defineProperty(element, 'paused', { value: false, configurable: true });
    observer.scroll(element, false);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('leaves the first frame when the browser refuses to play', async () => {
    mediaQuery(false);
    const observer = installObserver();
    const { element, play } = video();
    play.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    playWhileVisible(element);
    expect(() => observer.scroll(element, true)).not.toThrow();
    await Promise.resolve();
    expect(play).toHaveBeenCalled();
  });

  it('gives a visitor who asks for reduced motion the controls, and plays nothing', () => {
    mediaQuery(true);
    const observer = installObserver();
    const { element, play } = video();
    playWhileVisible(element);
    expect(element.controls).toBe(true);
    expect(element.autoplay).toBe(false);
    expect(observer.threshold()).toBeUndefined();
    expect(play).not.toHaveBeenCalled();
  });

  it('leaves a decorative thumbnail on its first frame for reduced motion, with no controls', () => {
    mediaQuery(true);
    installObserver();
    const { element, play } = video();
    playWhileVisible(element, { reducedMotion: 'still' });
    expect(element.controls).toBe(false);
    expect(element.autoplay).toBe(false);
    expect(play).not.toHaveBeenCalled();
  });
});
