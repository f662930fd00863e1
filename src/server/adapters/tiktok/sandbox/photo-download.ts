import sharp from 'sharp';
import { isVerifiedUrl, PHOTO_LIMITS } from './posting-rules';

export type PhotoFailReason =
  'photo_pull_failed' | 'picture_size_check_failed' | 'file_format_check_failed';

export type PulledPhoto =
  | { ok: true; body: Buffer; format: 'jpeg' | 'webp' }
  | { ok: false; reason: PhotoFailReason; detail: string };

/** A failure worth trying again (connection refused, timeout); others are final at once. */
export class TransientPullError extends Error {}

/**
 * Fetches one photo the way TikTok pulls it: a plain GET on a verified URL property, a time
 * limit, a size limit, and no redirect followed: TikTok takes any 3xx as a failed pull.
 */
export const pullPhoto = async (
  rawUrl: string,
  { verifiedPrefixes, timeoutMs }: { verifiedPrefixes: readonly string[]; timeoutMs: number },
): Promise<PulledPhoto> => {
  const url = new URL(rawUrl);
  if (!isVerifiedUrl(url, verifiedPrefixes)) {
    return fail('photo_pull_failed', `${url.origin} is not a verified URL property`);
  }
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new TransientPullError(`could not fetch ${url.pathname}: ${String(error)}`);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return fail('photo_pull_failed', `${url.pathname} answered a redirect (${response.status})`);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new TransientPullError(`${url.pathname} answered ${response.status}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return fail('photo_pull_failed', `${url.pathname} answered ${response.status}`);
  }
  const body = await readCapped(response.body, PHOTO_LIMITS.imageMaxBytes);
  if (!body) return fail('picture_size_check_failed', 'the image is larger than 20 MB');
  return checkPhoto(body);
};

const fail = (reason: PhotoFailReason, detail: string): PulledPhoto => ({
  ok: false,
  reason,
  detail,
});

/** Reads a body up to `max` bytes; null (and the download stopped) once it is longer. */
const readCapped = async (stream: ReadableStream<Uint8Array>, max: number) => {
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        return null;
      }
      parts.push(value);
    }
  } catch (error) {
    throw new TransientPullError(`the download broke off: ${String(error)}`);
  }
  return Buffer.concat(parts);
};

/** JPEG or WebP by content (never by name or header), short side at most 1080 px. */
export const checkPhoto = async (body: Buffer): Promise<PulledPhoto> => {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(body).metadata();
  } catch {
    return fail('file_format_check_failed', 'not an image');
  }
  if (meta.format !== 'jpeg' && meta.format !== 'webp') {
    return fail('file_format_check_failed', `${meta.format} is not JPEG or WebP`);
  }
  const shortSide = Math.min(meta.width ?? 0, meta.height ?? 0);
  if (shortSide === 0) return fail('file_format_check_failed', 'the image has no size');
  if (shortSide > PHOTO_LIMITS.shortSideMax) {
    return fail(
      'picture_size_check_failed',
      `${meta.width}×${meta.height}: the short side is over ${PHOTO_LIMITS.shortSideMax} px`,
    );
  }
  return { ok: true, body, format: meta.format };
};
