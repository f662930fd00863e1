import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCharacter,
  TCharacterStylePreset,
  TGenerateCharacterResponse,
  TSaveCharacterRequest,
} from '#contract/characters';
import {
  ZCharacter,
  ZCharacterListResponse,
  ZGenerateCharacterResponse,
} from '#contract/characters';
import { ZListCampaignsResponse } from '#contract/campaigns';
import { ZDraft, ZListDraftsResponse } from '#contract/drafts';
import type { TDraft } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';
import { invalidateDraftLists, queryKeys, queryPath } from '@/lib/query-keys';

/** GET /api/characters: the library, newest first. */
export const useCharacterLibrary = () =>
  useQuery({
    queryKey: queryKeys.characterLibrary,
    queryFn: async () =>
      ZCharacterListResponse.parse(await apiRequest<unknown>(queryPath(queryKeys.characterLibrary)))
        .characters,
  });

/** Drafts (up to 50) and campaigns, for the "Active Projects" figure. */
export const useDraftCount = () =>
  useQuery({
    queryKey: queryKeys.drafts.upToFifty,
    queryFn: async () => {
      const body = await apiRequest<unknown>(queryPath(queryKeys.drafts.upToFifty));
      return ZListDraftsResponse.parse(body).drafts.length;
    },
  });

export const useCampaigns = () =>
  useQuery({
    queryKey: queryKeys.campaigns,
    queryFn: async () =>
      ZListCampaignsResponse.parse(await apiRequest<unknown>(queryPath(queryKeys.campaigns))),
  });

export type GenerateInput = { prompt: string; stylePreset: TCharacterStylePreset };

/** POST /api/characters/generate (0.25 credits; a 402 opens the upgrade dialog by itself). */
export const useGenerateCharacter = () =>
  useMutation({
    mutationFn: async (input: GenerateInput): Promise<TGenerateCharacterResponse> =>
      ZGenerateCharacterResponse.parse(
        await apiRequest<unknown>('/api/characters/generate', { body: input }),
      ),
  });

export const useSaveCharacter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TSaveCharacterRequest): Promise<TCharacter> =>
      ZCharacter.parse(await apiRequest<unknown>('/api/characters', { body: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData<TCharacter[]>(queryKeys.characterLibrary, (list) =>
        list ? [saved, ...list.filter((c) => c.id !== saved.id)] : [saved],
      );
    },
  });
};

export const useDeleteCharacter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest<unknown>(`/api/characters/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return id;
    },
    onSuccess: (id) => {
      queryClient.setQueryData<TCharacter[]>(queryKeys.characterLibrary, (list) =>
        list?.filter((c) => c.id !== id),
      );
    },
  });
};

/**
 * "Use": a video draft with this character selected, opened in the Hook + Demo
 * editor.
 */
export const useStartVideoWithCharacter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (character: { id: string; imageUrl: string }): Promise<TDraft> =>
      ZDraft.parse(
        await apiRequest<unknown>('/api/drafts', {
          body: {
            type: 'video',
            status: 'draft',
            assets: {
              selectedCharacter: character.imageUrl,
              selectedCharacterId: character.id,
              ugcMediaType: 'premade',
              productVideos: [],
              textFontScale: 1,
              textYOffset: 0,
            },
          },
        }),
      ),
    onSuccess: (draft) => {
      queryClient.setQueryData(queryKeys.drafts.detail(draft.id), draft);
      void invalidateDraftLists(queryClient);
    },
  });
};
