import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
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

/**
 * helmet's headers with our CSP, worked out once at start-up and set on every answer by one
 * hook. @fastify/helmet rebuilt the helmet middleware (parsing the CSP again) on every request
 * through two hooks, a fifth of the bare route's time (decision 029). No header depends on the
 * request, so the answer is the same; a route may still replace one (the /files sandbox CSP).
 */
export const securityHeaders = (config: Config): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  })({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
};

export const registerSecurityHeaders = (app: FastifyInstance, config: Config) => {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
