import { ZRenderStatusResponse, ZRenderSubmitResponse } from '#contract/render';
import type { TRenderEdit, TRenderEnvironment } from '#contract/render';
import { ZHookVoiceResponse } from '#contract/voice';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/**
 * POST /api/shotstack/render. The key makes a repeated submit (a retry after a dropped answer)
 * the same render, so one Generate never renders, or counts, twice.
 */
export const submitRender = async (edit: TRenderEdit, idempotencyKey: string) =>
  ZRenderSubmitResponse.parse(
    await apiRequest<unknown>(
      `/api/shotstack/render?idempotencyKey=${encodeURIComponent(idempotencyKey)}`,
      { method: 'POST', body: edit },
    ),
  );

/** GET /api/shotstack/status/{id}?env={env}. */
export const getRenderStatus = async (id: string, env: TRenderEnvironment | null) =>
  ZRenderStatusResponse.parse(
    await apiRequest<unknown>(
      `${queryPath(queryKeys.renderStatus(id))}${env ? `?env=${encodeURIComponent(env)}` : ''}`,
    ),
  ).response;

/**
 * POST /api/voice/hook (decision 140): the hook read aloud, as long as the hook part; its URL
 * becomes the render's soundtrack.
 */
export const readHookAloud = async (text: string, seconds: number) =>
  ZHookVoiceResponse.parse(
    await apiRequest<unknown>('/api/voice/hook', { method: 'POST', body: { text, seconds } }),
  ).url;

export const newRenderKey = () => crypto.randomUUID().replace(/-/g, '');
