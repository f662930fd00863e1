import { UGC_DURATION_SEC } from '#contract/hook-demo';

const timestamp = (seconds: number) => `00:00:${String(seconds).padStart(2, '0')}.000`;

// One small blob per hook for the page's life: revoking on unmount would break StrictMode's
// second mount, and a few hundred bytes per hook shown are not worth the bookkeeping.
const urls = new Map<string, string>();

/**
 * The generated video's captions: its only words are the hook burnt into the UGC part, so the
 * track says them for that part. A blob: URL, which the page's media policy allows.
 */
export const hookCaptionsUrl = (hookText: string): string | undefined => {
  if (!hookText || typeof URL.createObjectURL !== 'function') return undefined;
  let url = urls.get(hookText);
  if (!url) {
    const vtt = `WEBVTT\n\n${timestamp(0)} --> ${timestamp(UGC_DURATION_SEC)}\n${hookText.replace(/-->/g, '->')}\n`;
    url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    urls.set(hookText, url);
  }
  return url;
};
