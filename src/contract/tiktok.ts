import { z } from 'zod';

/** GET /api/tiktok/debug — spec 01 §3 Debug configuration. Says whether secrets are set, never what they are. */
export const ZTikTokDebug = z.object({
  host: z.string(),
  environment: z.string(),
  redirectUri: z.string(),
  clientIdConfigured: z.boolean(),
  clientSecretConfigured: z.boolean(),
});
export type TTikTokDebug = z.infer<typeof ZTikTokDebug>;
