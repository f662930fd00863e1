import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DRAFTS_LIST_DEFAULT_LIMIT, ZDraftSummary } from '#contract/drafts';
import type { TDraftSummary } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';

const ZDraftSummaries = z.object({ drafts: z.array(ZDraftSummary) });

/** Under the "/api/drafts" prefix, so editors that save a draft can mark the list stale. */
export const DRAFTS_LIST_QUERY_KEY = [
  '/api/drafts',
  { limit: DRAFTS_LIST_DEFAULT_LIMIT, summary: true },
] as const;

export const getDrafts = async (): Promise<TDraftSummary[]> =>
  ZDraftSummaries.parse(
    await apiRequest<unknown>(`/api/drafts?limit=${DRAFTS_LIST_DEFAULT_LIMIT}&summary=true`),
  ).drafts;

/** Spec 02 §2.1 "Your Drafts": the 8 most recently changed drafts. */
export const getDraftsQueryOptions = () =>
  queryOptions({
    queryKey: DRAFTS_LIST_QUERY_KEY,
    queryFn: getDrafts,
    // Drafts change in the editors; a visit to the hub should show their latest state.
    staleTime: 0,
  });

export const useDrafts = () => useQuery(getDraftsQueryOptions());

/** Takes a draft out of the cached list at once (deleted here, or removed by an event). */
export const removeDraftFromList = (queryClient: QueryClient, draftId: string) =>
  queryClient.setQueryData<TDraftSummary[]>(DRAFTS_LIST_QUERY_KEY, (list) =>
    list?.filter((d) => d.id !== draftId),
  );
