import { ApiError } from '@/lib/api-client';

/** docs/product/publishing.md rule 10: what a dialog says when sending fails. */
export const uploadFailure = (
  error: unknown,
  fallbackTitle: string,
): { title: string; description: string } => {
  if (error instanceof ApiError) {
    if (error.code === 'tiktok_reconnect_needed' || error.status === 401) {
      // The server's words say whether this post was sent and what to do (decision 085).
      return {
        title: 'TikTok Connection Expired',
        description:
          error.serverMessage ?? 'Please reconnect your TikTok account to continue posting.',
      };
    }
    return { title: fallbackTitle, description: error.serverMessage ?? `HTTP ${error.status}` };
  }
  return {
    title: fallbackTitle,
    description: error instanceof Error ? error.message : 'Unknown error',
  };
};
