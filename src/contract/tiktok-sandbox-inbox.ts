import { z } from 'zod';

/** The built-in TikTok sandbox's inbox page (decision 025): what each test account received. */

export const SANDBOX_SLOW_POLLS_MAX = 20;

export const ZSandboxSwitches = z.object({
  rate_limited: z.boolean(),
  pending_share_limit: z.boolean(),
  picture_size_fails: z.boolean(),
  token_expired: z.boolean(),
  server_error: z.boolean(),
  /** The next inits answer PROCESSING for this many status polls after they are done. */
  slow_polls: z.number().int().min(0).max(SANDBOX_SLOW_POLLS_MAX),
});
export type TSandboxSwitches = z.infer<typeof ZSandboxSwitches>;

export const ZSandboxInboxItem = z.object({
  id: z.string(),
  publish_id: z.string(),
  kind: z.enum(['photo', 'video']),
  status: z.enum([
    'PROCESSING_UPLOAD',
    'PROCESSING_DOWNLOAD',
    'SEND_TO_USER_INBOX',
    'PUBLISH_COMPLETE',
    'FAILED',
  ]),
  fail_reason: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** Signed links to what the sandbox received (slides in order, or the video). */
  media_urls: z.array(z.string()),
  photo_cover_index: z.number().int().nullable(),
  /** The int64 post id as a string, once the account posted it. */
  post_id: z.string().nullable(),
  /** Posted and publicly viewable: not "Only me", not made private since. */
  is_public: z.boolean(),
  created_at: z.string(),
  /** Once posted: what the Display API reports for it at the account's clock (decision 044). */
  stats: z
    .object({ views: z.number(), likes: z.number(), comments: z.number(), shares: z.number() })
    .nullable(),
});
export type TSandboxInboxItem = z.infer<typeof ZSandboxInboxItem>;

export const ZSandboxInboxAccount = z.object({
  open_id: z.string(),
  display_name: z.string(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  switches: ZSandboxSwitches,
  /** How far "Let a day pass" has moved this account's clock ahead. */
  clock_offset_hours: z.number(),
  items: z.array(ZSandboxInboxItem),
});
export type TSandboxInboxAccount = z.infer<typeof ZSandboxInboxAccount>;

export const ZSandboxInbox = z.object({ accounts: z.array(ZSandboxInboxAccount) });
export type TSandboxInbox = z.infer<typeof ZSandboxInbox>;

/** POST /tiktok-sandbox/api/accounts/{openId}/clock: moves the account's clock ahead. */
export const SANDBOX_CLOCK_MAX_HOURS = 24 * 30;
export const ZSandboxClockRequest = z.object({
  advance_hours: z.number().int().min(1).max(SANDBOX_CLOCK_MAX_HOURS),
});
export const ZSandboxClockResponse = z.object({ clock_offset_hours: z.number() });
