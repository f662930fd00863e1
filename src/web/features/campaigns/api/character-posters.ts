import { useQuery } from '@tanstack/react-query';
import { ZPremadeCharacterListResponse } from '#contract/characters';
import type { TPremadeCharacter } from '#contract/characters';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/**
 * The portrait of a pre-made character clip (GET /api/characters/list), so a video
 * item's thumbnail is a face rather than a clip's first frame. Same key and shape as the Hook +
 * Demo editor's list, so the two share one request. Null when the clip is not a pre-made one.
 */
export const useCharacterPoster = (clipUrl: string | null) => {
  const premade = useQuery({
    queryKey: queryKeys.premadeCharacters,
    queryFn: async (): Promise<TPremadeCharacter[]> =>
      ZPremadeCharacterListResponse.parse(
        await apiRequest<unknown>(queryPath(queryKeys.premadeCharacters)),
      ).files,
    staleTime: 5 * 60_000,
    enabled: Boolean(clipUrl),
  });
  if (!clipUrl) return null;
  return premade.data?.find((c) => c.url === clipUrl)?.thumbnailUrl ?? null;
};
