import { ZCampaign, ZBulkScheduleResponse, ZGeneratePlanResponse } from '#contract/campaigns';
import type { TBulkScheduleRequest, TCreateCampaignRequest } from '#contract/campaigns';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

const campaignPath = (id: string) => `${queryPath(queryKeys.campaigns)}/${encodeURIComponent(id)}`;

/** POST /api/campaigns → the campaign; 402 campaign_limit on the free plan. */
export const createCampaign = async (body: TCreateCampaignRequest) =>
  ZCampaign.parse(await apiRequest<unknown>(queryPath(queryKeys.campaigns), { body }));

/** DELETE /api/campaigns/{id}: the campaign and its items. */
export const deleteCampaign = (id: string) =>
  apiRequest<unknown>(campaignPath(id), { method: 'DELETE' });

/** POST /api/campaigns/{id}/generate-plan → the campaign's items. */
export const generatePlan = async (id: string) =>
  ZGeneratePlanResponse.parse(
    await apiRequest<unknown>(`${campaignPath(id)}/generate-plan`, { method: 'POST' }),
  ).items;

/** POST /api/campaigns/{id}/schedule/bulk → how many items were scheduled. */
export const scheduleAll = async (id: string, body: TBulkScheduleRequest) =>
  ZBulkScheduleResponse.parse(
    await apiRequest<unknown>(`${campaignPath(id)}/schedule/bulk`, { body }),
  ).scheduled;
