/**
 * Looping videos play only while a visitor can see them (decision 251). The landing page's
 * examples sit below the fold: playing all five from the first paint made a phone download about
 * 22 MB and decode five 1080x1920 streams for a visitor who may never scroll to them, and held
 * the page's load event until each had a frame. Until one comes into view it shows its first
 * frame (`preload="metadata"`). A visitor who asks for reduced motion gets the controls instead,
 * or, for a decorative thumbnail inside a link, the first frame alone.
 *
 * Used by the app's `SampleVideo` and the prerendered page's boot script, before the app runs,
 * and by the drafts' thumbnails.
 */

/** At least this share of a video in view before it plays: a sliver at the edge is not watched. */
const VISIBLE_SHARE = 0.25;

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Starts and pauses `video` as it enters and leaves the viewport; returns the cleanup. */
export const playWhileVisible = (
  video: HTMLVideoElement,
  { reducedMotion = 'controls' }: { reducedMotion?: 'controls' | 'still' } = {},
): (() => void) => {
  if (prefersReducedMotion()) {
    if (reducedMotion === 'controls') video.controls = true;
    return () => {};
  }
  if (typeof IntersectionObserver === 'undefined') {
    // A browser without the observer plays them as before.
    video.autoplay = true;
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          // A play refused by the browser (a data-saver mode) leaves the first frame showing.
          video.play().catch(() => {});
        } else if (!video.paused) {
          video.pause();
        }
      }
    },
    { threshold: VISIBLE_SHARE },
  );
  observer.observe(video);
  return () => observer.disconnect();
};
