import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCollectionImagesResponse, ZListCollectionsResponse } from '#contract/carousel-images';
import type { TImageCollection } from '#contract/carousel-images';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const getCollectionsQueryOptions = () =>
  queryOptions({
    // The loading screen's preload fills this same key with the raw answer.
    queryKey: queryKeys.collections,
    queryFn: () => apiRequest<unknown>(queryPath(queryKeys.collections)),
    select: (data): TImageCollection[] => {
      const parsed = ZListCollectionsResponse.safeParse(data);
      return parsed.success ? parsed.data.collections : [];
    },
  });

// An empty list on a new install means the starter library is still being drawn (the server
// does it after its first start); asking again now and then shows it as soon as it is there.
const PREPARING_REFETCH_MS = 10_000;

export const useCollections = () =>
  useQuery({
    ...getCollectionsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data !== undefined && emptyList(query.state.data) ? PREPARING_REFETCH_MS : false,
  });

const emptyList = (data: unknown) => {
  const parsed = ZListCollectionsResponse.safeParse(data);
  return parsed.success && parsed.data.collections.length === 0;
};

/** GET /api/carousel-images/collections/{key}: the collection's image URLs. */
export const getCollectionImagesQueryOptions = (key: string) =>
  queryOptions({
    queryKey: queryKeys.collectionImages(key),
    queryFn: async () =>
      ZCollectionImagesResponse.parse(
        await apiRequest<unknown>(queryPath(queryKeys.collectionImages(key))),
      ).images,
  });

export const useCollectionImages = (key: string | null) =>
  useQuery({ ...getCollectionImagesQueryOptions(key ?? ''), enabled: Boolean(key) });
