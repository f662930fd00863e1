import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import { sendRange } from '../../adapters/storage/disk-files-routes';
import { decodeProxyUrl } from './media-proxy';
import type { MediaReader } from './media-proxy';
import type { MediaProxyLimits } from './media-proxy-budget';
import { createMediaProxyBudget } from './media-proxy-budget';

/** The proxies' paths; the API's admission gate leaves them to their own budget (decision 066). */
export const MEDIA_PROXY_PATHS = ['/api/image-proxy/video-url/url/', '/api/video-proxy/url/'];

export const isMediaProxyPath = (url: string) =>
  MEDIA_PROXY_PATHS.some((prefix) => url.startsWith(prefix));

/**
 * docs/product/publishing.md rule 8: `/api/image-proxy/video-url/url/{base64}` and
 * `/api/video-proxy/url/{base64}`. Public (a <video> element cannot send the bearer token; decision
 * 066), so every fetch is SSRF-guarded, capped in size and in whole-request time, and held to its
 * own budget: a few at once in total and per client address, outside the API's admission gate, so
 * slow hosts never take the turns signed-in API calls wait for.
 */
export const registerMediaProxyRoutes = (
  app: FastifyInstance,
  { read, limits }: { read: MediaReader; limits: MediaProxyLimits },
) => {
  const budget = createMediaProxyBudget(limits);
  const releases = new WeakMap<FastifyRequest, () => void>();
  const summary = `Proxy a video by its base64 URL (public addresses only, at most ${Math.round(
    limits.maxBytes / 1024 / 1024,
  )} MB and ${Math.round(limits.timeoutMs / 1000)} s; ranges supported)`;

  /** Takes a turn, given back when the answer is sent or the client goes away. */
  const takeTurn = (request: FastifyRequest, reply: FastifyReply) => {
    const release = budget.take(request.ip);
    const gone = new AbortController();
    const end = () => {
      // Closed before an answer was sent: the client left, so the fetch for it stops too.
      if (!reply.sent) gone.abort();
      release();
    };
    if (reply.raw.closed) end();
    else reply.raw.once('close', end);
    releases.set(request, release);
    return { signal: gone.signal, release };
  };

  for (const prefix of MEDIA_PROXY_PATHS) {
    app.get<{ Params: { encoded: string } }>(`${prefix}:encoded`, {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      onResponse: async (request) => releases.get(request)?.(),
      schema: {
        tags: ['publishing'],
        summary,
        params: z.object({ encoded: z.string().min(1).max(PATH_PARAM_MAX_LENGTH) }),
        response: {
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          429: ZErrorResponse,
          502: ZErrorResponse,
          503: ZErrorResponse,
          504: ZErrorResponse,
        },
      },
      handler: async (request, reply) => {
        const url = decodeProxyUrl(request.params.encoded);
        const turn = takeTurn(request, reply);
        let media;
        try {
          media = await read(url, ['video/', 'image/'], { signal: turn.signal });
        } catch (error) {
          turn.release();
          throw error;
        }
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
