import { AppError } from '../../errors';
import type { OwnMedia } from '../../media/own-media';
import type { LocalHostAllowance } from '../../net/safe-fetch';
import { safeFetch } from '../../net/safe-fetch';

export const PROXY_MAX_BYTES = 256 * 1024 * 1024;
const PROXY_TIMEOUT_MS = 60_000;

/** Where our own media lives: stored files, the image library, the landing videos. */
const OWN_MEDIA_PATHS = ['/files/', '/media/', '/videos/'];

/** `{base64 url}` of the proxy paths: standard or URL-safe alphabet, padding optional. */
export const decodeProxyUrl = (encoded: string): string => {
  const text = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
    'utf8',
  );
  try {
    return new URL(text).toString();
  } catch {
    throw new AppError('validation_error', 'The proxied address is not a URL', { field: 'url' });
  }
};

export type MediaReader = (
  url: string,
  accept: string[],
  /** The caller gave up (the proxy's client went away): an outside fetch stops at once. */
  options?: { signal?: AbortSignal },
) => Promise<{ status: number; contentType: string; body: Buffer }>;

/**
 * Reads media by URL: our own origin's media from storage through the own-media service (the
 * same checks as the routes the browser uses, no request to them), anything else through the
 * SSRF guard. A proxy URL of our own is
 * unwrapped first, so the guard always sees the real target.
 */
export const createMediaReader =
  (
    ownMedia: OwnMedia,
    appUrl: string,
    allowLocal?: LocalHostAllowance,
    limits: { timeoutMs: number; maxBytes: number } = {
      timeoutMs: PROXY_TIMEOUT_MS,
      maxBytes: PROXY_MAX_BYTES,
    },
    /** Our own bucket's address on a server named by S3_ENDPOINT (`ownBucketUrlPrefix`). */
    ownBucket: string | null = null,
  ): MediaReader =>
  async (raw, accept, options = {}) => {
    let url = new URL(raw);
    const own = new URL(appUrl).origin;
    const proxied = /^\/api\/(?:image-proxy\/video-url|video-proxy)\/url\/([^/]+)$/.exec(
      url.pathname,
    );
    if (url.origin === own && proxied) url = new URL(decodeProxyUrl(proxied[1]!));
    if (url.origin === own) {
      // Only media paths: an internal request comes from loopback, which some aids trust.
      if (!OWN_MEDIA_PATHS.some((prefix) => url.pathname.startsWith(prefix))) {
        throw new AppError('forbidden', 'This address is not media of this site');
      }
      const media = await ownMedia.read(url.pathname + url.search);
      if (!media) throw new AppError('not_found', 'This media is not available');
      const { contentType } = media;
      if (!accept.some((p) => contentType.startsWith(p))) {
        throw new AppError(
          'unsupported_media_type',
          'This address does not serve the expected media',
        );
      }
      return { status: 200, contentType, body: media.body };
    }
    // Our own bucket's presigned URLs (a product video in a render's edit) are fetched from the
    // S3 server the operator named, even at a private address (MinIO beside the workers): the
    // signature in the URL is what S3 checks, and nothing outside the bucket's prefix is let
    // through (decision 202).
    const bucketHost = ownBucket !== null && url.href.startsWith(ownBucket) ? url.host : null;
    const fetched = await safeFetch(url.toString(), {
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      accept,
      allowLocal:
        bucketHost === null
          ? allowLocal
          : (host) => host === bucketHost || (allowLocal?.(host) ?? false),
      signal: options.signal,
    });
    if (fetched.status !== 200) throw new AppError('not_found', 'This media is not available');
    return fetched;
  };
