import { useMutation } from '@tanstack/react-query';
import { AI_HOOK_MAX_CHARS } from '#contract/ai';
import { ZGenerateVideoHookResponse } from '#contract/ai';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/ai/generate-video-hook with the editor's constraints (docs/product/hook-demo.md rule
 * 2): at most 120 characters, none of the product's last 30 used hooks. A 402 opens the upgrade
 * dialog through the query client.
 */
export const useGenerateVideoHook = () =>
  useMutation({
    mutationFn: async ({ productId, exclude }: { productId: string; exclude: string[] }) =>
      ZGenerateVideoHookResponse.parse(
        await apiRequest<unknown>('/api/ai/generate-video-hook', {
          method: 'POST',
          body: { productId, constraints: { maxChars: AI_HOOK_MAX_CHARS, exclude } },
        }),
      ),
  });
