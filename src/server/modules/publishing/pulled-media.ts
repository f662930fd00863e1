import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import { sendRange } from '../../adapters/storage/disk-files-routes';
import type { Storage } from '../../adapters/storage/storage';
import { onlyParams, serveOwnMedia } from '../../media/own-media';

/**
 * The media TikTok pulls (a carousel's slides) is served here, on the one public origin the
 * operator verifies with TikTok (docs/decisions/105), whatever the storage adapter: TikTok
 * follows no redirect and pulls only from a verified domain or URL prefix, so a presigned
 * bucket URL is refused (`url_ownership_unverified`).
 *
 * `{origin}/media/tiktok/{userId}/{imageId}.jpg?e={expiry}&k={capability}`: the capability is a
 * 128-bit HMAC of the path and the expiry, so it names one seller's one slide until it expires and
 * cannot be made for another; the seller's id in the path is the owner the slide is read under.
 */
export const PULLED_MEDIA_PREFIX = '/media/tiktok/';

const SLIDE_KEY = /^temp\/([A-Za-z0-9_-]{1,64})\/([0-9a-f-]{36})\.jpg$/;
const SLIDE_FILE = /^([0-9a-f-]{36})\.jpg$/;
const OWNER = /^[A-Za-z0-9_-]{1,64}$/;

const capabilityKey = (secret: string) =>
  createHmac('sha256', secret).update('hookreel:tiktok-pulled-media:v1').digest();

const capability = (secret: string, path: string, expires: number) =>
  createHmac('sha256', capabilityKey(secret))
    .update(`${path}\n${expires}`)
    .digest('base64url')
    .slice(0, 22);

/** The URL TikTok pulls a stored slide from (`temp/{userId}/{id}.jpg`), valid `ttlSeconds`. */
export const pulledMediaUrl = (
  { origin, secret }: { origin: string; secret: string },
  key: string,
  ttlSeconds: number,
  now = Date.now(),
) => {
  const match = SLIDE_KEY.exec(key);
  if (!match) throw new Error(`${key} is not a slide TikTok may pull`);
  const path = `${match[1]}/${match[2]}.jpg`;
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${origin}${PULLED_MEDIA_PREFIX}${path}?e=${expires}&k=${capability(secret, path, expires)}`;
};

/** The storage key a pulled-media request may read, or null (bad, forged or expired link). */
export const pulledMediaKey = (
  secret: string,
  owner: string,
  file: string,
  query: { e?: string; k?: string },
  now = Date.now(),
): string | null => {
  const id = SLIDE_FILE.exec(file)?.[1];
  const expires = Number(query.e);
  if (!id || !OWNER.test(owner) || !Number.isSafeInteger(expires) || !query.k) return null;
  if (expires * 1000 < now) return null;
  const expected = Buffer.from(capability(secret, `${owner}/${file}`, expires));
  const given = Buffer.from(query.k);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return `temp/${owner}/${id}.jpg`;
};

/** GET (and HEAD) `/media/tiktok/{userId}/{imageId}.jpg`: the bytes themselves (ranges too), never a redirect. */
export const registerPulledMediaRoutes = (
  app: FastifyInstance,
  { storage, secret }: { storage: Storage; secret: string },
) => {
  serveOwnMedia(
    app,
    PULLED_MEDIA_PREFIX,
    async (rest, query) => {
      const [owner, file, ...more] = rest.split('/');
      const e = query.get('e') ?? undefined;
      const k = query.get('k') ?? undefined;
      if (more.length > 0 || !owner || !file || owner.length > 64 || file.length > 64) return null;
      if ((e?.length ?? 0) > 20 || (k?.length ?? 0) > 64 || !onlyParams(query, ['e', 'k'])) {
        return null;
      }
      const key = pulledMediaKey(secret, owner, file, { e, k });
      const stored = key ? await storage.get(key) : null;
      return stored ? { body: stored.body, contentType: 'image/jpeg' } : null;
    },
    { oneSegment: false },
  );
  app.withTypeProvider<ZodTypeProvider>().get(`${PULLED_MEDIA_PREFIX}:owner/:file`, {
    schema: {
      tags: ['publishing'],
      summary:
        'A slide TikTok pulls for a carousel, by the URL the post gave it (e expiry, k capability)',
      params: z.object({ owner: z.string().max(64), file: z.string().max(64) }),
      querystring: z.strictObject({
        e: z.string().max(20).optional(),
        k: z.string().max(64).optional(),
      }),
      response: {
        200: {
          description: 'The slide (JPEG)',
          content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
        },
        206: {
          description: 'The requested byte range',
          content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
        },
        404: ZErrorResponse.meta({
          description: 'not_found: no such slide, or the link is forged or expired',
        }),
        416: z.null().meta({ description: 'The range is outside the file' }),
      },
    },
    handler: async (request, reply) => {
      const missing = { error: 'Slide not found', code: 'not_found' as const };
      const { owner, file } = request.params;
      // A wrong capability, an expired link and a missing slide look alike: nothing to probe.
      const key = pulledMediaKey(secret, owner, file, request.query);
      const stored = key ? await storage.get(key) : null;
      if (!stored) return reply.code(404).header('Cache-Control', 'no-store').send(missing);
      const left = Math.max(0, Number(request.query.e) - Math.floor(Date.now() / 1000));
      reply
        .type('image/jpeg')
        .header('Cache-Control', `public, max-age=${Math.min(left, 3600)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Accept-Ranges', 'bytes');
      return sendRange(reply, stored.body, request.headers.range);
    },
  });
};
