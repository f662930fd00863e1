import { z } from 'zod';

/**
 * GET /api/tiktok/debug — docs/product/publishing.md rule 1. Says whether secrets are set, never
 * what they are.
 */
export const ZTikTokDebug = z.object({
  host: z.string(),
  environment: z.string(),
  redirectUri: z.string(),
  clientIdConfigured: z.boolean(),
  clientSecretConfigured: z.boolean(),
});
export type TTikTokDebug = z.infer<typeof ZTikTokDebug>;

/**
 * A connected account (docs/product/publishing.md rule 2), plus whether its authorization ended
 * (the UI offers "Reconnect") and the permissions Hookreel asked for that the seller unticked on
 * TikTok's consent screen (scopes; their words are in `tiktok-permissions.ts`, decision 100).
 */
export const ZTikTokAccount = z.object({
  open_id: z.string(),
  username: z.string().nullable(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  is_default: z.boolean(),
  reconnect_needed: z.boolean(),
  missing_scopes: z.array(z.string()),
});
export type TTikTokAccount = z.infer<typeof ZTikTokAccount>;

/** GET /api/tiktok/accounts. Tokens never appear here (docs/product/publishing.md rule 2). */
export const ZTikTokAccounts = z.object({
  accounts: z.array(ZTikTokAccount),
  default_open_id: z.string().nullable(),
});
export type TTikTokAccounts = z.infer<typeof ZTikTokAccounts>;

/**
 * POST /api/tiktok/auth/ticket. `addAnother` asks TikTok to show its login again
 * (`disable_auto_auth=1`); `returnTo` is where the browser lands afterwards: the callback page
 * then the dashboard (`app`), or the Settings TikTok tab with its toast (`settings`, the default
 * when adding another account).
 */
export const ZTikTokTicketRequest = z
  .object({
    addAnother: z.boolean().optional(),
    returnTo: z.enum(['app', 'settings']).optional(),
  })
  .strict();
export type TTikTokTicketRequest = z.infer<typeof ZTikTokTicketRequest>;

/** The full-page navigation that starts OAuth: `/api/tiktok/auth/login?ticket=…` (single use, 2 min). */
export const ZTikTokTicketResponse = z.object({ url: z.string() });
export type TTikTokTicketResponse = z.infer<typeof ZTikTokTicketResponse>;

/** PUT /api/tiktok/accounts/default. */
export const ZTikTokDefaultRequest = z.object({ open_id: z.string().min(1).max(200) }).strict();
export type TTikTokDefaultRequest = z.infer<typeof ZTikTokDefaultRequest>;

/**
 * POST /api/tiktok/creator/info — an account's creator info (docs/product/publishing.md rule 3), in
 * TikTok's `{ data, error }` shape.
 */
export const ZTikTokCreatorInfo = z.object({
  creator_avatar_url: z.string(),
  creator_username: z.string(),
  creator_nickname: z.string(),
  privacy_level_options: z.array(z.string()),
  comment_disabled: z.boolean(),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  max_video_post_duration_sec: z.number(),
});
export type TTikTokCreatorInfo = z.infer<typeof ZTikTokCreatorInfo>;

export const ZTikTokCreatorInfoResponse = z.object({
  data: ZTikTokCreatorInfo,
  error: z.object({ code: z.literal('ok'), message: z.string() }),
});
export type TTikTokCreatorInfoResponse = z.infer<typeof ZTikTokCreatorInfoResponse>;

export const ZTikTokCreatorInfoQuery = z.object({
  account_open_id: z.string().min(1).max(200).optional(),
});
