import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCarouselUploadResponse } from '#contract/carousel-images';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/carousel-images/upload, multipart with one `images` field per file. */
export const uploadCarouselImages = async (files: readonly File[]) => {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  return ZCarouselUploadResponse.parse(
    await apiRequest<unknown>('/api/carousel-images/upload', { body: form }),
  );
};

export const useUploadCarouselImages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCarouselImages,
    onSuccess: async (result) => {
      // "platform" uploads join the shared collections; the user's own go to My Images.
      await queryClient.invalidateQueries({
        queryKey: result.uploadType === 'platform' ? queryKeys.collections : queryKeys.imageList,
      });
    },
  });
};
