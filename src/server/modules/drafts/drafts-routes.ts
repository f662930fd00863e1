import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateDraftRequest,
  ZDraft,
  ZListDraftsQuery,
  ZListDraftsResponse,
  ZPatchCarouselDraft,
  ZPatchDemoDraft,
  ZPatchDraftRequest,
} from '#contract/drafts';
import { ZErrorResponse } from '#contract/errors';
import { AppError } from '../../errors';
import type { DraftsService } from './drafts-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const SHAPES =
  'send either { carouselPlan, caption } (carousel) or { type: "video", productId, hook, assets } (video)';

/**
 * A failed union only says "Invalid input". Judging the body against the shape it was meant to
 * be (a `type` key means the video shape, a `carouselPlan` key the carousel one) names the
 * actual mistake.
 */
const explainPatchError = (body: unknown): AppError => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return new AppError('validation_error', `Invalid draft update: ${SHAPES}`);
  }
  const schema =
    'type' in body ? ZPatchDemoDraft : 'carouselPlan' in body ? ZPatchCarouselDraft : null;
  const issue = schema?.safeParse(body).error?.issues[0];
  if (!issue) return new AppError('validation_error', `Invalid draft update: ${SHAPES}`);
  const field =
    issue.path.map(String).join('.') ||
    (issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined);
  return new AppError(
    'validation_error',
    `Invalid draft update: ${field ? `${field}: ` : ''}${issue.message}; ${SHAPES}`,
    field ? { field } : {},
  );
};

export const registerDraftsRoutes = async (
  app: FastifyInstance,
  { drafts, authenticate }: { drafts: DraftsService; authenticate: Authenticate },
) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['drafts'];
  const params = z.object({ id: z.string().min(1).max(200) });
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/drafts', {
      schema: {
        tags,
        summary: 'The caller’s drafts, newest change first (summary=true: what a hub card needs)',
        security,
        querystring: ZListDraftsQuery,
        response: { 200: ZListDraftsResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
      handler: (request) => drafts.list(request.userId, request.query),
    });

    r.post('/api/drafts', {
      schema: {
        tags,
        summary: 'Create a draft: { type }, or a snapshot of a campaign item',
        description:
          '`{ type }` alone answers with the caller’s untouched empty draft of that type when one exists (created empty and never saved since) instead of making another; anything else always creates a new draft.',
        security,
        body: ZCreateDraftRequest,
        response: { 200: ZDraft, ...errors },
      },
      handler: (request) => drafts.create(request.userId, request.body),
    });

    r.get('/api/drafts/:id', {
      schema: {
        tags,
        summary: 'One draft',
        security,
        params,
        response: { 200: ZDraft, ...errors },
      },
      handler: (request) => drafts.get(request.userId, request.params.id),
    });

    r.patch('/api/drafts/:id', {
      attachValidation: true,
      schema: {
        tags,
        summary: `Save a draft: ${SHAPES}`,
        description:
          'The shape must match the draft’s type: the carousel shape on a video draft, or the video shape on a carousel draft, is 400 validation_error with field "type".',
        security,
        params,
        body: ZPatchDraftRequest,
        response: { 200: ZDraft, ...errors },
      },
      handler: (request) => {
        if (request.validationError) {
          if (request.validationError.validationContext !== 'body') throw request.validationError;
          throw explainPatchError(request.body);
        }
        return drafts.patch(request.userId, request.params.id, request.body);
      },
    });

    r.delete('/api/drafts/:id', {
      schema: {
        tags,
        summary: 'Delete a draft',
        security,
        params,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await drafts.remove(request.userId, request.params.id);
        return reply.code(204).send(null);
      },
    });
  });
};
