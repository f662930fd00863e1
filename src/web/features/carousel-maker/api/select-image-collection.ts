import { useMutation } from '@tanstack/react-query';
import { ZSelectImageCollectionResponse } from '#contract/ai';
import type { TSelectImageCollectionRequest } from '#contract/ai';
import { apiRequest } from '@/lib/api-client';

/** POST /api/ai/select-image-collection → the chosen collection's key, or null. */
export const selectImageCollection = async (input: TSelectImageCollectionRequest) =>
  ZSelectImageCollectionResponse.parse(
    await apiRequest<unknown>('/api/ai/select-image-collection', { body: input }),
  ).key;

export const useSelectImageCollection = () => useMutation({ mutationFn: selectImageCollection });
