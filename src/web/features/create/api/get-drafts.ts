import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZDraftSummary } from '#contract/drafts';
import type { TDraftSummary } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

const ZDraftSummaries = z.object({ drafts: z.array(ZDraftSummary) });

export const getDrafts = async (): Promise<TDraftSummary[]> =>
  ZDraftSummaries.parse(await apiRequest<unknown>(queryPath(queryKeys.drafts.summaries))).drafts;

/** docs/product/create.md rule 2 "Your Drafts": the 8 most recently changed drafts. */
export const getDraftsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.drafts.summaries,
    queryFn: getDrafts,
    // Drafts change in the editors; a visit to the hub should show their latest state.
    staleTime: 0,
  });

export const useDrafts = () => useQuery(getDraftsQueryOptions());

/** Takes a draft out of the cached list at once (deleted here, or removed by an event). */
export const removeDraftFromList = (queryClient: QueryClient, draftId: string) =>
  queryClient.setQueryData<TDraftSummary[]>(queryKeys.drafts.summaries, (list) =>
    list?.filter((d) => d.id !== draftId),
  );
