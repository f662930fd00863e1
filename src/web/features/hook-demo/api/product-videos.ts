import { useQuery } from '@tanstack/react-query';
import {
  isProductVideoPath,
  ZSignVideosResponse,
  ZUploadVideosResponse,
  ZUserVideoListResponse,
} from '#contract/user-videos';
import type { TUserVideo } from '#contract/user-videos';
import { apiRequest, apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** GET /api/user-videos/list?unsigned=1; only product videos are used (spec 02 §7). */
export const useMyVideos = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.productVideos,
    queryFn: async (): Promise<TUserVideo[]> => {
      const answer = await apiRequestOrNullOn401<unknown>(queryPath(queryKeys.productVideos));
      if (answer === null) return [];
      return ZUserVideoListResponse.parse(answer).files.filter((f) => isProductVideoPath(f.path));
    },
    enabled,
    staleTime: 0,
  });

/** POST /api/user-videos/sign: a playable URL for each of the user's stored paths. */
export const signProductVideos = async (paths: string[]) =>
  ZSignVideosResponse.parse(
    await apiRequest<unknown>('/api/user-videos/sign', { method: 'POST', body: { paths } }),
  ).signed;

/** POST /api/upload/videos (multipart, field "videos"): the stored, normalised video. */
export const uploadProductVideo = async (file: File): Promise<TUserVideo> => {
  const form = new FormData();
  form.append('videos', file, file.name);
  const answer = ZUploadVideosResponse.parse(
    await apiRequest<unknown>('/api/upload/videos', { method: 'POST', body: form }),
  );
  const stored = answer.files[0];
  if (!stored) throw new Error('No signed URL returned');
  return stored;
};
