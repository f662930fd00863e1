import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDraft } from '@/lib/drafts/get-draft';
import { queryKeys } from '@/lib/query-keys';

/** The hub reads a draft only to learn its tool when the URL names the draft but not its type. */
export const useDraftType = (draftId: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.drafts.detail(draftId ?? ''),
      queryFn: () => getDraft(draftId ?? ''),
      enabled: Boolean(draftId),
      select: (draft) => draft.type,
    }),
  );
