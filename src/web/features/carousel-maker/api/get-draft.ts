import { queryOptions, useQuery } from '@tanstack/react-query';
import { draftQueryKey, getDraft } from '@/lib/drafts/get-draft';

/**
 * The draft the maker opens with. Always fetched fresh: the maker's own saves change it, and a
 * cached copy from an earlier visit would bring back an older version.
 */
export const useCarouselDraft = (draftId: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: draftQueryKey(draftId ?? ''),
      queryFn: () => getDraft(draftId ?? ''),
      enabled: Boolean(draftId),
      staleTime: 0,
      gcTime: 0,
    }),
  );
