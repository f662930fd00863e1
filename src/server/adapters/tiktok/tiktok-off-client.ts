import { TIKTOK_NOT_CONFIGURED } from '#contract/tiktok-mode';
import { AppError } from '../../errors';
import type { TikTokClient } from './tiktok-client';

const refuse = (): never => {
  throw new AppError('tiktok_not_configured', TIKTOK_NOT_CONFIGURED);
};

/**
 * The TikTok client of a production server without TikTok keys and without the sandbox switch
 * (decision 063): every call is refused with the same sentence, so nothing is ever sent to a
 * fake inbox a seller could take for TikTok. The routes refuse before they get here; this
 * covers what a job might still try for an account connected before.
 */
export const createTikTokOffClient = (): TikTokClient => ({
  describe: 'not configured',
  authorizeUrl: refuse,
  exchangeCode: async () => refuse(),
  refresh: async () => refuse(),
  revoke: async () => refuse(),
  userInfo: async () => refuse(),
  creatorInfo: async () => refuse(),
  initPhotoPost: async () => refuse(),
  initInboxVideo: async () => refuse(),
  uploadChunk: async () => refuse(),
  fetchStatus: async () => refuse(),
  userStats: async () => refuse(),
  listVideos: async () => refuse(),
  queryVideos: async () => refuse(),
});
