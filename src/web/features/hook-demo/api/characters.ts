import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCharacter,
  ZCharacterListResponse,
  ZPremadeCharacterListResponse,
} from '#contract/characters';
import type { TCharacter, TPremadeCharacter } from '#contract/characters';
import { apiRequest, apiRequestOrNullOn401 } from '@/lib/api-client';
import { checkProductVideoFile } from '@/lib/product-videos';
import { queryKeys, queryPath } from '@/lib/query-keys';

/**
 * GET /api/characters/list: the pre-made characters (docs/product/hook-demo.md rule 3), in the
 * server's order.
 */
export const usePremadeCharacters = () =>
  useQuery({
    queryKey: queryKeys.premadeCharacters,
    queryFn: async (): Promise<TPremadeCharacter[]> =>
      ZPremadeCharacterListResponse.parse(
        await apiRequest<unknown>(queryPath(queryKeys.premadeCharacters)),
      ).files,
    staleTime: 5 * 60_000,
  });

/** GET /api/characters: the user's own generated characters (decision 040), none when signed out. */
export const useCharacterLibrary = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.characterLibrary,
    queryFn: async (): Promise<TCharacter[]> => {
      const answer = await apiRequestOrNullOn401<unknown>(queryPath(queryKeys.characterLibrary));
      return answer === null ? [] : ZCharacterListResponse.parse(answer).characters;
    },
    enabled,
    staleTime: 0,
  });

/**
 * POST /api/characters/upload: the seller's own creator clip, checked here as a product video is
 * (size, type, duration) and again by the server, then saved into the library as a character.
 */
export const useUploadCreatorClip = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<TCharacter> => {
      const problem = await checkProductVideoFile(file);
      if (problem) throw new Error(problem);
      const form = new FormData();
      form.append('videos', file, file.name);
      return ZCharacter.parse(
        await apiRequest<unknown>('/api/characters/upload', { method: 'POST', body: form }),
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.characterLibrary });
    },
  });
};
