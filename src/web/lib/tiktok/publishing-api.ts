import { ZTempImageUploadResponse } from '#contract/carousel-images';
import type { TTikTokCreatorInfo } from '#contract/tiktok';
import { ZTikTokCreatorInfoResponse } from '#contract/tiktok';
import type { TPhotoInitRequest, TQueue, TVideoInitRequest } from '#contract/tiktok-posts';
import {
  ZPhotoInitResponse,
  ZQueue,
  ZUploadPutResponse,
  ZVideoInitResponse,
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
  const { url } = ZTempImageUploadResponse.parse(
    await apiRequest<unknown>('/api/temp-images/upload', {
      method: 'POST',
      body: form,
      busyAttempts: BUSY_ATTEMPTS,
    }),
  );
  return url;
};

export const initPhotoPost = async (body: TPhotoInitRequest) =>
  ZPhotoInitResponse.parse(
    await apiRequest<unknown>('/api/tiktok/photo/upload/init', {
      method: 'POST',
      body,
      busyAttempts: BUSY_ATTEMPTS,
    }),
  );

export const initVideoPost = async (body: TVideoInitRequest) =>
  ZVideoInitResponse.parse(
    await apiRequest<unknown>('/api/tiktok/video/upload/init', {
      method: 'POST',
      body,
      busyAttempts: BUSY_ATTEMPTS,
    }),
  );

/**
 * How the dialog waits for the server's upload job: put answers at once, and is asked again
 * while the bytes are still going, up to a minute (decision 170). Tests shorten the pause.
 */
export const uploadPolling = {
  everyMs: 1_000,
  forMs: 60_000,
  pause: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** Past the minute the video is still on its way: the queue shows how it ends. */
export const putVideo = async (uploadUrl: string, proxiedUrl: string) => {
  const until = Date.now() + uploadPolling.forMs;
  for (;;) {
    const answer = ZUploadPutResponse.parse(
      await apiRequest<unknown>('/api/tiktok/upload/put', {
        method: 'POST',
        body: { upload_url: uploadUrl, proxiedUrl, contentType: 'video/mp4' },
        busyAttempts: BUSY_ATTEMPTS,
      }),
    );
    if (!answer.data.uploading || Date.now() + uploadPolling.everyMs > until) return answer;
    await uploadPolling.pause(uploadPolling.everyMs);
  }
};

export const fetchCreatorInfo = async (openId: string): Promise<TTikTokCreatorInfo> => {
  const answer = await apiRequest<unknown>(
    `/api/tiktok/creator/info?account_open_id=${encodeURIComponent(openId)}`,
    { method: 'POST' },
  );
  return ZTikTokCreatorInfoResponse.parse(answer).data;
};

export const fetchQueue = async (): Promise<TQueue | null> =>
  ZQueue.nullable().parse(await apiRequestOrNullOn401<unknown>(queryPath(queryKeys.queue)));

export const removeQueueItem = (id: string) =>
  apiRequest<unknown>(`/api/queue/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** A key per post the dialog sends: a retried request resumes that post instead of sending it twice. */
export const newIdempotencyKey = () => crypto.randomUUID().replace(/-/g, '');
