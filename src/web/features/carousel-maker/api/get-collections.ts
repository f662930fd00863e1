import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCollectionImagesResponse, ZListCollectionsResponse } from '#contract/carousel-images';
import type { TImageCollection } from '#contract/carousel-images';
import { apiRequest } from '@/lib/api-client';

/** The loading screen's preload fills this same key with the raw answer. */
const COLLECTIONS_KEY = ['/api/carousel-images/collections'] as const;

export const getCollectionsQueryOptions = () =>
  queryOptions({
    queryKey: COLLECTIONS_KEY,
    queryFn: () => apiRequest<unknown>('/api/carousel-images/collections'),
    select: (data): TImageCollection[] => {
      const parsed = ZListCollectionsResponse.safeParse(data);
      return parsed.success ? parsed.data.collections : [];
    },
  });

export const useCollections = () => useQuery(getCollectionsQueryOptions());

/** GET /api/carousel-images/collections/{key}: the collection's image URLs. */
export const getCollectionImagesQueryOptions = (key: string) =>
  queryOptions({
    queryKey: [...COLLECTIONS_KEY, key] as const,
    queryFn: async () =>
      ZCollectionImagesResponse.parse(
        await apiRequest<unknown>(`/api/carousel-images/collections/${encodeURIComponent(key)}`),
      ).images,
  });

export const useCollectionImages = (key: string | null) =>
  useQuery({ ...getCollectionImagesQueryOptions(key ?? ''), enabled: Boolean(key) });
