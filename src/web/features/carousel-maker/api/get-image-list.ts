import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCarouselImageListResponse } from '#contract/carousel-images';
import { apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

type ImageEntry = string | { url?: unknown };

/**
 * docs/product/carousels.md rule 3: { platformImages, userImages }, or the fallback { files } of
 * strings or { url }.
 */
export const userImageUrls = (data: unknown): string[] => {
  const parsed = ZCarouselImageListResponse.safeParse(data);
  if (parsed.success) return parsed.data.userImages.map((i) => i.url);
  const files = (data as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return [];
  return (files as ImageEntry[])
    .map((f) => (typeof f === 'string' ? f : typeof f?.url === 'string' ? f.url : ''))
    .filter((url) => url.length > 0);
};

/** "My Images": the signed-in user's uploads (the preload fills the same key). */
export const useMyImages = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.imageList,
      queryFn: () => apiRequestOrNullOn401<unknown>(queryPath(queryKeys.imageList)),
      select: userImageUrls,
      enabled,
    }),
  );
