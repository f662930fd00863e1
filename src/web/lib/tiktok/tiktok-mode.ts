import type { TPublicConfig } from '#contract/public-config';
import { usePublicConfig } from '@/lib/public-config';

export type TikTokMode = TPublicConfig['tiktok'];

/**
 * Where this server's TikTok features go (decision 063): TikTok, the built-in sandbox (labelled
 * on every account and post) or nowhere. Null until the public config has loaded, when nothing
 * is labelled or refused yet.
 */
export const useTikTokMode = (): TikTokMode | null => usePublicConfig().data?.tiktok ?? null;
