const pad = (n: number, width: number) => String(n).padStart(width, '0');

// A part may last a fraction of a second, which WebVTT writes as milliseconds.
const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  return `00:${pad(Math.floor(ms / 60_000), 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
};

// One small blob per hook and length for the page's life: revoking on unmount would break
// StrictMode's second mount, and a few hundred bytes per hook shown are not worth the bookkeeping.
const urls = new Map<string, string>();

/**
 * The generated video's captions: its only words are the hook burnt into the UGC part, so the
 * track says them for that part, `hookSec` long as the video was rendered. A blob: URL, which the
 * page's media policy allows.
 */
export const hookCaptionsUrl = (hookText: string, hookSec: number): string | undefined => {
  if (!hookText || typeof URL.createObjectURL !== 'function') return undefined;
  const key = `${hookSec}\n${hookText}`;
  let url = urls.get(key);
  if (!url) {
    const vtt = `WEBVTT\n\n${timestamp(0)} --> ${timestamp(hookSec)}\n${hookText.replace(/-->/g, '->')}\n`;
    url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    urls.set(key, url);
  }
  return url;
};
