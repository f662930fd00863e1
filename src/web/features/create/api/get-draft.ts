import { queryOptions, useQuery } from '@tanstack/react-query';
import { draftQueryKey, getDraft } from '@/lib/drafts/get-draft';

/** The hub reads a draft only to learn its tool when the URL names the draft but not its type. */
export const useDraftType = (draftId: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: draftQueryKey(draftId ?? ''),
      queryFn: () => getDraft(draftId ?? ''),
      enabled: Boolean(draftId),
      select: (draft) => draft.type,
    }),
  );
