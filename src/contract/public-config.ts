import { z } from 'zod';

/** GET /api/config: what the browser may know about this installation (nothing secret). */
export const ZPublicConfig = z.object({
  appUrl: z.string(),
  supportEmail: z.string(),
  pixel: z.object({ provider: z.enum(['tiktok', 'meta']), id: z.string() }).nullable(),
  mailOutbox: z.boolean(),
  /**
   * Where TikTok features go: TikTok itself, the built-in sandbox (every post and account is
   * labelled "TikTok sandbox"), or nowhere (`off`: production without TikTok keys).
   */
  tiktok: z.enum(['tiktok', 'sandbox', 'off']),
  /**
   * Whether a voice can read the hook (AI_VOICE_*, decision 140): the editor shows its "Voice"
   * toggle and POST /api/voice/hook exists only then.
   */
  voice: z.boolean(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
