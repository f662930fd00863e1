import type { TTikTokCreatorInfo } from '#contract/tiktok';
import { ZTikTokCreatorInfoResponse } from '#contract/tiktok';
import type {
  TPhotoInitRequest,
  TPhotoInitResponse,
  TQueue,
  TVideoInitRequest,
  TVideoInitResponse,
} from '#contract/tiktok-posts';
import { apiRequest, apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/**
 * A busy server (503) is waited out this many times for the steps that may be repeated: hosting
 * a slide (a second copy is harmless) and the keyed inits (the key makes a repeat the same post).
 */
const BUSY_ATTEMPTS = 4;

/**
 * Hosts one rendered slide (POST /api/temp-images/upload, docs/product/publishing.md rule 7); the
 * URL lives 2 hours.
 */
export const hostSlide = async (slide: Blob, index: number): Promise<string> => {
  const form = new FormData();
  form.append('image', slide, `slide_${index + 1}.jpg`);
  const { url } = await apiRequest<{ url: string }>('/api/temp-images/upload', {
    method: 'POST',
    body: form,
    busyAttempts: BUSY_ATTEMPTS,
  });
  return url;
};

export const initPhotoPost = (body: TPhotoInitRequest) =>
  apiRequest<TPhotoInitResponse>('/api/tiktok/photo/upload/init', {
    method: 'POST',
    body,
    busyAttempts: BUSY_ATTEMPTS,
  });

export const initVideoPost = (body: TVideoInitRequest) =>
  apiRequest<TVideoInitResponse>('/api/tiktok/video/upload/init', {
    method: 'POST',
    body,
    busyAttempts: BUSY_ATTEMPTS,
  });

export const putVideo = (uploadUrl: string, proxiedUrl: string) =>
  apiRequest<unknown>('/api/tiktok/upload/put', {
    method: 'POST',
    body: { upload_url: uploadUrl, proxiedUrl, contentType: 'video/mp4' },
    busyAttempts: BUSY_ATTEMPTS,
  });

export const fetchCreatorInfo = async (openId: string): Promise<TTikTokCreatorInfo> => {
  const answer = await apiRequest<unknown>(
    `/api/tiktok/creator/info?account_open_id=${encodeURIComponent(openId)}`,
    { method: 'POST' },
  );
  return ZTikTokCreatorInfoResponse.parse(answer).data;
};

export const fetchQueue = async (): Promise<TQueue | null> =>
  apiRequestOrNullOn401<TQueue>(queryPath(queryKeys.queue));

export const removeQueueItem = (id: string) =>
  apiRequest<null>(`/api/queue/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** A key per post the dialog sends: a retried request resumes that post instead of sending it twice. */
export const newIdempotencyKey = () => crypto.randomUUID().replace(/-/g, '');
