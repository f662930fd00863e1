import { ZCollectionImagesResponse } from '#contract/carousel-images';
import { ZGenerateVideoHookResponse, ZSelectImageCollectionResponse } from '#contract/ai';
import type {
  TGenerateCarouselPlanRequest,
  TGenerateVideoHookRequest,
  TSelectImageCollectionRequest,
} from '#contract/ai';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** POST /api/ai/generate-carousel-plan; read leniently by `lib/plan-answer.ts`. */
export const generateCarouselPlan = (body: TGenerateCarouselPlanRequest) =>
  apiRequest<unknown>('/api/ai/generate-carousel-plan', { body });

/** POST /api/ai/select-image-collection → the chosen key, or null. */
export const selectImageCollection = async (body: TSelectImageCollectionRequest) =>
  ZSelectImageCollectionResponse.parse(
    await apiRequest<unknown>('/api/ai/select-image-collection', { body }),
  ).key;

/** GET /api/carousel-images/collections/{key}, from the cache when already read. */
export const collectionImages = (queryClient: QueryClient, key: string) =>
  queryClient.fetchQuery({
    queryKey: queryKeys.collectionImages(key),
    queryFn: async () =>
      ZCollectionImagesResponse.parse(
        await apiRequest<unknown>(queryPath(queryKeys.collectionImages(key))),
      ).images,
  });

/** POST /api/ai/generate-video-hook → the hook (campaigns send only `exclude`). */
export const generateVideoHook = async (body: TGenerateVideoHookRequest) => {
  const answer = await apiRequest<unknown>('/api/ai/generate-video-hook', { body });
  if (typeof answer === 'string') return answer;
  return ZGenerateVideoHookResponse.parse(answer).hook;
};
