import type { TikTokApi } from './tiktok-api';
import { TikTokApiError } from './tiktok-api';

const unavailable = (): never => {
  throw new TikTokApiError('unavailable', 'The TikTok client is not built yet', 503, null);
};

/**
 * Stands in for the real client until tt-sandbox-auth lands (then app.ts passes
 * `adapters.tiktok.instance` and this file goes): every call fails as TikTok being unavailable.
 */
export const unavailableTikTokApi: TikTokApi = {
  authorizeUrl: () => '/app/tiktok-callback?error=tiktok_unavailable',
  exchangeCode: async () => unavailable(),
  refresh: async () => unavailable(),
  revoke: async () => unavailable(),
  userInfo: async () => unavailable(),
  creatorInfo: async () => unavailable(),
  initPhotoPost: async () => unavailable(),
  initInboxVideo: async () => unavailable(),
  uploadChunk: async () => unavailable(),
  fetchStatus: async () => unavailable(),
};
