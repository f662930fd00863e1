import type { Config } from '../config';

const PIXEL_ORIGINS = {
  tiktok: ['https://analytics.tiktok.com'],
  meta: ['https://connect.facebook.net', 'https://www.facebook.com'],
} as const;

/**
 * The CSP the built web app satisfies: its own scripts only (Vite emits no inline script),
 * media from our origin or the storage bucket, and the pixel's origin only when one is set.
 */
export const contentSecurityPolicy = (config: Config) => {
  const storageOrigins: string[] = [];
  if (config.storage.kind === 's3' && config.storage.endpoint) {
    storageOrigins.push(new URL(config.storage.endpoint).origin);
  } else if (config.storage.kind === 's3') {
    storageOrigins.push(
      `https://${config.storage.bucket}.s3.${config.storage.region}.amazonaws.com`,
    );
  }
  const pixel = config.pixel ? [...PIXEL_ORIGINS[config.pixel.provider]] : [];
  const directives: Record<string, string[] | null> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...pixel],
    // Radix positions popovers with inline style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...storageOrigins, ...pixel],
    'media-src': ["'self'", 'blob:', ...storageOrigins],
    'connect-src': ["'self'", ...storageOrigins, ...pixel],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  // Browsers would rewrite http://localhost subresources to https and break a local install.
  directives['upgrade-insecure-requests'] = config.appUrl.startsWith('https://') ? [] : null;
  return directives;
};
