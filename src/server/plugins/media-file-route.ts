import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serveOwnMedia } from '../media/own-media';

/** A stored file as its stable URL serves it; the reader picks the cache policy. */
export type MediaFile = { body: Buffer; contentType: string; cacheControl: string };

/**
 * `GET {prefix}:file?k=…`: stored images at stable URLs (decision 009), outside /api since <img>
 * and canvas load them. `read` checks the capability `k` and answers null for a wrong one as for
 * a missing file, so both are the same 404.
 */
export const registerMediaFileRoute = (
  app: FastifyInstance,
  prefix: string,
  read: (file: string, capability: string | undefined) => Promise<MediaFile | null>,
) => {
  serveOwnMedia(app, prefix, async (file, query) => {
    const k = query.get('k') ?? undefined;
    if (file.length > 200 || (k?.length ?? 0) > 100) return null;
    return read(file, k);
  });
  app.withTypeProvider<ZodTypeProvider>().get(`${prefix}:file`, {
    schema: {
      hide: true,
      params: z.object({ file: z.string().max(200) }),
      querystring: z.object({ k: z.string().max(100).optional() }),
    },
    handler: async (request, reply) => {
      const media = await read(request.params.file, request.query.k);
      if (!media) {
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send({ error: 'Image not found', code: 'not_found' });
      }
      return reply
        .header('Content-Type', media.contentType)
        .header('Cache-Control', media.cacheControl)
        .header('X-Content-Type-Options', 'nosniff')
        .send(media.body);
    },
  });
};
