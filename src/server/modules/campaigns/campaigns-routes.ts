import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBulkScheduleRequest,
  ZBulkScheduleResponse,
  ZCampaignItem,
  ZCreateCampaignRequest,
  ZCreateCampaignResponse,
  ZGeneratePlanResponse,
  ZListCampaignItemsResponse,
  ZListCampaignsResponse,
  ZPatchCampaignItemRequest,
} from '#contract/campaigns';
import { ZErrorResponse } from '#contract/errors';
import type { CampaignsService } from './campaigns-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

export const registerCampaignsRoutes = async (
  app: FastifyInstance,
  { campaigns, authenticate }: { campaigns: CampaignsService; authenticate: Authenticate },
) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['campaigns'];
  const id = z.string().min(1).max(200);
  const params = z.object({ id });
  const itemParams = z.object({ id, itemId: id });
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
  const scheduling = { 409: ZErrorResponse, 422: ZErrorResponse };

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/campaigns', {
      schema: {
        tags,
        summary: 'The caller’s campaigns, newest first',
        security,
        response: { 200: ZListCampaignsResponse, 401: ZErrorResponse },
      },
      handler: (request) => campaigns.list(request.userId),
    });

    r.post('/api/campaigns', {
      schema: {
        tags,
        summary: 'Create a campaign (paid plans; 402 campaign_limit on free)',
        security,
        body: ZCreateCampaignRequest,
        response: { 200: ZCreateCampaignResponse, 402: ZErrorResponse, ...errors },
      },
      handler: (request) => campaigns.create(request.userId, request.body),
    });

    r.delete('/api/campaigns/:id', {
      schema: {
        tags,
        summary: 'Delete a campaign, its items and their queued sends',
        security,
        params,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await campaigns.remove(request.userId, request.params.id);
        return reply.code(204).send(null);
      },
    });

    r.get('/api/campaigns/:id/items', {
      schema: {
        tags,
        summary: 'The campaign’s items in date order',
        security,
        params,
        response: { 200: ZListCampaignItemsResponse, ...errors },
      },
      handler: (request) => campaigns.items(request.userId, request.params.id),
    });

    r.post('/api/campaigns/:id/generate-plan', {
      schema: {
        tags,
        summary: 'Write one item per slot that has none yet (AI; one unit of the daily allowance)',
        security,
        params,
        response: {
          200: ZGeneratePlanResponse,
          402: ZErrorResponse,
          429: ZErrorResponse,
          502: ZErrorResponse,
          504: ZErrorResponse,
          ...errors,
        },
      },
      handler: (request) => campaigns.generatePlan(request.userId, request.params.id),
    });

    r.patch('/api/campaigns/:id/items/:itemId', {
      schema: {
        tags,
        summary: 'Change an item: its content, or its date (null unschedules)',
        description:
          'Scheduling needs the item’s assets ready (409 campaign_assets_not_ready) and a future date (422 campaign_date_invalid). An item being sent or already sent refuses changes (409 campaign_item_sent).',
        security,
        params: itemParams,
        body: ZPatchCampaignItemRequest,
        response: { 200: ZCampaignItem, ...errors, ...scheduling },
      },
      handler: (request) =>
        campaigns.patchItem(request.userId, request.params.id, request.params.itemId, request.body),
    });

    r.post('/api/campaigns/:id/schedule/bulk', {
      schema: {
        tags,
        summary: 'Schedule every ready item at a daily time (“Schedule All”)',
        security,
        params,
        body: ZBulkScheduleRequest,
        response: { 200: ZBulkScheduleResponse, ...errors },
      },
      handler: (request) => campaigns.bulkSchedule(request.userId, request.params.id, request.body),
    });

    r.get('/api/campaign-items/:id', {
      schema: {
        tags,
        summary: 'One of the caller’s campaign items, whatever its campaign',
        security,
        params,
        response: { 200: ZCampaignItem, ...errors },
      },
      handler: (request) => campaigns.item(request.userId, request.params.id),
    });
  });
};
