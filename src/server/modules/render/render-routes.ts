import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import {
  applyMergeFields,
  editIssues,
  refusalSentence,
  ZRenderEdit,
  ZRenderRefusal,
  ZRenderStatusParams,
  ZRenderStatusQuery,
  ZRenderStatusResponse,
  ZRenderSubmitQuery,
  ZRenderSubmitResponse,
} from '#contract/render';
import { sendRange } from '../../adapters/storage/disk-files-routes';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { onlyParams, serveOwnMedia } from '../../media/own-media';
import { readRenderByCapability } from './render-output';
import type { RenderService } from './render-service';
import { RENDER_MEDIA_PREFIX } from './render-urls';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const failures = {
  400: ZErrorResponse.meta({
    description:
      'validation_error: a field the renderers do not take, named; text_too_long: a text or html clip needs more than 4 lines or more than 20% of the frame height at its size (decision 133)',
  }),
  401: ZErrorResponse,
  402: ZErrorResponse.meta({
    description:
      'The plan may not render now; `code` is the entitlements reason (limit, no_plan, payment_issue)',
  }),
  404: ZErrorResponse,
};

/**
 * docs/product/hook-demo.md rule 7: the render routes, and the stable URL of a finished render
 * (decision 033).
 */
export const registerRenderRoutes = async (
  app: FastifyInstance,
  {
    service,
    authenticate,
    storage,
    db,
    secret,
  }: {
    service: RenderService;
    authenticate: Authenticate;
    storage: Storage;
    db: Database;
    secret: string;
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const media = { db, storage, secret };
  serveOwnMedia(app, RENDER_MEDIA_PREFIX, async (file, query) => {
    const k = query.get('k') ?? undefined;
    if (file.length > 60 || (k?.length ?? 0) > 64 || !onlyParams(query, ['k'])) return null;
    const body = await readRenderByCapability(media, file, k);
    return body ? { body, contentType: 'video/mp4' } : null;
  });

  r.get(`${RENDER_MEDIA_PREFIX}:file`, {
    schema: {
      tags: ['render'],
      summary:
        'A finished render, by the URL its status gave (k is its capability); ranges supported',
      params: z.object({ file: z.string().max(60).meta({ description: '{renderId}.mp4' }) }),
      querystring: z.strictObject({ k: z.string().max(64).optional() }),
      response: {
        200: {
          description: 'The video',
          content: { 'video/mp4': { schema: z.string().meta({ format: 'binary' }) } },
        },
        206: {
          description: 'The requested byte range',
          content: { 'video/mp4': { schema: z.string().meta({ format: 'binary' }) } },
        },
        404: ZErrorResponse,
        416: z.null().meta({ description: 'The range is outside the file' }),
      },
    },
    handler: async (request, reply) => {
      const body = await readRenderByCapability(media, request.params.file, request.query.k);
      if (!body) return reply.code(404).send({ error: 'Video not found', code: 'not_found' });
      reply
        .type('video/mp4')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Accept-Ranges', 'bytes');
      return sendRange(reply, body, request.headers.range);
    },
  });

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/shotstack/render', {
      // Merge fields first (they may fill any value), then the whole edit at once, so the 400 lists
      // every field that cannot be rendered rather than the first (docs/decisions/143).
      preValidation: async (request, reply) => {
        const merged = applyMergeFields(request.body);
        const parsed = ZRenderEdit.safeParse(merged);
        if (parsed.success) {
          request.body = parsed.data;
          return;
        }
        const issues = editIssues(parsed.error.issues);
        return reply.code(400).send({
          error: refusalSentence(issues),
          code: 'validation_error',
          field: issues[0]!.field,
          issues,
        });
      },
      schema: {
        tags: ['render'],
        summary:
          "Render a Shotstack Edit as Shotstack's documentation publishes it (soundtrack, title/text/html/video/image assets, effects, transitions, output presets, smart timing, merge fields); anything else is a 400 listing every unsupported field. The same idempotencyKey returns the same render.",
        security,
        querystring: ZRenderSubmitQuery,
        body: ZRenderEdit,
        response: { 200: ZRenderSubmitResponse, ...failures, 400: ZRenderRefusal },
      },
      handler: async (request) => {
        const started = await service.submit(request.userId, request.body, {
          source: 'editor',
          idempotencyKey: request.query.idempotencyKey,
        });
        return {
          response: started,
          message: 'Render Successfully Queued',
          environment: service.environment,
        };
      },
    });

    r.get('/api/shotstack/status/:id', {
      schema: {
        tags: ['render'],
        summary:
          "A render's status, progress (10 queued, 70 rendering, 90 saving, 100 done) and, when done, its stable URL",
        security,
        params: ZRenderStatusParams,
        querystring: ZRenderStatusQuery,
        response: { 200: ZRenderStatusResponse, ...failures },
      },
      handler: async (request) => {
        const found = await service.get(request.userId, request.params.id);
        return {
          response: {
            id: found.id,
            status: found.status,
            error: found.error,
            url: found.url,
            progress: found.progress,
          },
        };
      },
    });
  });
};
