import type { TPublicConfig } from '#contract/public-config';

type Pixel = NonNullable<TPublicConfig['pixel']>;
type QueueFn = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

declare global {
  interface Window {
    ttq?: unknown[] & Record<string, unknown>;
    fbq?: QueueFn;
  }
}

const addScript = (src: string) => {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
};

/**
 * Installs the advertising pixel's command queue and loads its script. Calls made before the
 * script arrives wait in the queue, which the vendor's script replays when it loads.
 */
export const installPixel = (pixel: Pixel) => {
  if (pixel.provider === 'tiktok') {
    if (window.ttq) return;
    const ttq = [] as unknown as unknown[] & Record<string, unknown>;
    for (const method of [
      'page',
      'track',
      'identify',
      'instances',
      'debug',
      'on',
      'off',
      'once',
      'ready',
      'alias',
      'group',
      'enableCookie',
      'disableCookie',
    ]) {
      ttq[method] = (...args: unknown[]) => ttq.push([method, ...args]);
    }
    const url = 'https://analytics.tiktok.com/i18n/pixel/events.js';
    ttq._i = { [pixel.id]: Object.assign([], { _u: url }) };
    ttq._t = { [pixel.id]: Date.now() };
    ttq._o = { [pixel.id]: {} };
    window.ttq = ttq;
    addScript(`${url}?sdkid=${encodeURIComponent(pixel.id)}&lib=ttq`);
    (ttq.page as () => void)();
    return;
  }
  if (window.fbq) return;
  const fbq: QueueFn = (...args: unknown[]) => {
    fbq.queue!.push(args);
  };
  fbq.queue = [];
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  window.fbq = fbq;
  addScript('https://connect.facebook.net/en_US/fbevents.js');
  fbq('init', pixel.id);
  fbq('track', 'PageView');
};

/**
 * The sign-up's lead event (docs/product/app.md rule 4); does nothing when no pixel is configured.
 */
export const trackLead = (pixel: Pixel | null | undefined) => {
  if (!pixel) return;
  installPixel(pixel);
  if (pixel.provider === 'tiktok')
    (window.ttq?.track as ((e: string) => void) | undefined)?.('Lead');
  else window.fbq?.('track', 'Lead');
};
