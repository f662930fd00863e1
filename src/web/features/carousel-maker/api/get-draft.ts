import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDraft } from '@/lib/drafts/get-draft';
import { queryKeys } from '@/lib/query-keys';

/**
 * The draft the maker opens with. Always fetched fresh: the maker's own saves change it, and a
 * cached copy from an earlier visit would bring back an older version.
 */
export const useCarouselDraft = (draftId: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.drafts.detail(draftId ?? ''),
      queryFn: () => getDraft(draftId ?? ''),
      enabled: Boolean(draftId),
      staleTime: 0,
      gcTime: 0,
    }),
  );
