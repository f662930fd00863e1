import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import { sendRange } from '../../adapters/storage/disk-files-routes';
import { decodeProxyUrl } from './media-proxy';
import type { MediaReader } from './media-proxy';

const proxyRoute = (path: string, summary: string) => ({ path, summary });

/**
 * Spec 02 §7: `/api/image-proxy/video-url/url/{base64}` and `/api/video-proxy/url/{base64}`. Public
 * (a <video> element and TikTok fetch them without a session), so every fetch is SSRF-guarded,
 * capped in size and time, and rate-limited per address.
 */
export const registerMediaProxyRoutes = (app: FastifyInstance, { read }: { read: MediaReader }) => {
  for (const { path, summary } of [
    proxyRoute('/api/image-proxy/video-url/url/:encoded', 'Proxy a video by its base64 URL'),
    proxyRoute('/api/video-proxy/url/:encoded', 'Proxy a video by its base64 URL'),
  ]) {
    app.get<{ Params: { encoded: string } }>(path, {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['publishing'],
        summary: `${summary} (public addresses only, at most 256 MB, 60 s; ranges supported)`,
        params: z.object({ encoded: z.string().min(1).max(PATH_PARAM_MAX_LENGTH) }),
        response: {
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          502: ZErrorResponse,
          504: ZErrorResponse,
        },
      },
      handler: async (request, reply) => {
        const media = await read(decodeProxyUrl(request.params.encoded), ['video/', 'image/']);
        reply
          .header('content-type', media.contentType)
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          // <video> asks for ranges to seek and loop; Safari plays nothing without them.
          .header('accept-ranges', 'bytes');
        return sendRange(reply, media.body, request.headers.range);
      },
    });
  }
};
