import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_ERROR_RESPONSES } from '#contract/ai';
import { ZErrorResponse } from '#contract/errors';
import {
  TEMPLATE_MEDIA_PREFIX,
  ZListTemplatesResponse,
  ZPreviewTemplateRequest,
  ZTemplateParams,
  ZTemplatePreview,
  ZUseTemplateRequest,
  ZUseTemplateResponse,
} from '#contract/templates';
import { serveOwnMedia } from '../../media/own-media';
import type { TemplateThumbnails } from './template-thumbnails';
import type { TemplatesService } from './templates-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

export const registerTemplatesRoutes = async (
  app: FastifyInstance,
  {
    templates,
    thumbnails,
    authenticate,
  }: { templates: TemplatesService; thumbnails: TemplateThumbnails; authenticate: Authenticate },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  serveOwnMedia(app, TEMPLATE_MEDIA_PREFIX, async (file, query) => {
    if (file.length > 200 || (query.get('v')?.length ?? 0) > 20) return null;
    return thumbnails.read(file);
  });
  const security = [{ bearerAuth: [] }];
  const tags = ['templates'];
  const errors = {
    400: ZErrorResponse,
    401: ZErrorResponse,
    404: ZErrorResponse,
    ...AI_ERROR_RESPONSES,
  };

  r.get(`${TEMPLATE_MEDIA_PREFIX}:file`, {
    schema: {
      hide: true,
      params: z.object({ file: z.string().max(200) }),
      querystring: z.object({ v: z.string().max(20).optional() }),
    },
    handler: async (request, reply) => {
      const media = await thumbnails.read(request.params.file);
      if (!media) {
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send({ error: 'Thumbnail not available yet', code: 'not_found' });
      }
      return reply
        .header('Content-Type', media.contentType)
        .header('Cache-Control', media.cacheControl)
        .header('X-Content-Type-Options', 'nosniff')
        .send(media.body);
    },
  });

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/templates', {
      schema: {
        tags,
        summary: 'The template catalogue with each template’s use count',
        security,
        response: { 200: ZListTemplatesResponse, 401: ZErrorResponse },
      },
      handler: () => templates.list(),
    });

    r.post('/api/templates/:id/preview', {
      schema: {
        tags,
        summary: 'The template applied to a product (default: the user’s default product), unsaved',
        description:
          'Does what Use does without making a draft or counting a use. Writing the copy takes one unit of the daily AI allowance; the same template on the same unchanged product is answered again for an hour at no cost, and Use then saves exactly this. Open to every plan, Pro templates included.',
        security,
        params: ZTemplateParams,
        body: ZPreviewTemplateRequest,
        response: { 200: ZTemplatePreview, ...errors },
      },
      handler: (request) => templates.preview(request.userId, request.params.id, request.body),
    });

    r.post('/api/templates/:id/use', {
      schema: {
        tags,
        summary: 'Make a draft of the template applied to a product, counting one use',
        description:
          'A Pro template needs a paid plan: 402 premium_template on free. The same idempotencyKey answers with the same draft and counts once; without one, every request is a new use. The draft carries assets.templateId; open it at /create?draftId={id}&type={type}.',
        security,
        params: ZTemplateParams,
        body: ZUseTemplateRequest,
        response: {
          200: ZUseTemplateResponse,
          ...errors,
          402: ZErrorResponse.meta({
            description:
              'premium_template: a Pro template on the free plan; ai_allowance_upgrade: the free plan is past its daily AI allowance',
          }),
        },
      },
      handler: (request) => templates.use(request.userId, request.params.id, request.body),
    });
  });
};
