import { z } from 'zod';

/**
 * The built-in TikTok sandbox's authorize page talks to these JSON endpoints under
 * `/tiktok-sandbox/api/` with the seller's bearer token (decision 024). They are the sandbox's
 * own, not TikTok's API, and not part of Hookreel's `/api` document.
 */

const param = z.string().max(2048).optional();

/** The authorize URL's query, exactly as TikTok names it; checked by the server, not here. */
export const ZSandboxAuthorizeParams = z.object({
  client_key: param,
  redirect_uri: param,
  response_type: param,
  scope: param,
  state: param,
  disable_auto_auth: param,
  code_challenge: param,
  code_challenge_method: param,
});
export type TSandboxAuthorizeParams = z.infer<typeof ZSandboxAuthorizeParams>;

export const ZSandboxTestAccount = z.object({
  open_id: z.string(),
  display_name: z.string(),
  username: z.string(),
  avatar_url: z.string(),
});
export type TSandboxTestAccount = z.infer<typeof ZSandboxTestAccount>;

/** What the authorize page shows: the consent screen, a redirect, or an error of the request. */
export const ZSandboxAuthorizeView = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('consent'),
    client_name: z.string(),
    scopes: z.array(z.string()),
    accounts: z.array(ZSandboxTestAccount),
    /** Set when the seller's current test account already granted all this (no disable_auto_auth). */
    auto_open_id: z.string().nullable(),
  }),
  z.object({ status: z.literal('redirect'), redirect_url: z.string() }),
  z.object({ status: z.literal('error'), error: z.string(), error_description: z.string() }),
]);
export type TSandboxAuthorizeView = z.infer<typeof ZSandboxAuthorizeView>;

export const SANDBOX_USERNAME_PATTERN = /^[a-z0-9._]{2,24}$/;

export const ZSandboxNewAccount = z.object({
  display_name: z.string().trim().min(1, 'Enter a display name').max(30),
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(SANDBOX_USERNAME_PATTERN, 'Use 2–24 lower-case letters, digits, dots or underscores.'),
});

export const ZSandboxApproveRequest = z.object({
  params: ZSandboxAuthorizeParams,
  account: z.union([z.object({ open_id: z.string().max(64) }), ZSandboxNewAccount]),
  /** The scopes left ticked; all requested ones when absent. */
  granted_scopes: z.array(z.string().max(64)).max(20).optional(),
});
export type TSandboxApproveRequest = z.infer<typeof ZSandboxApproveRequest>;

export const ZSandboxDenyRequest = z.object({ params: ZSandboxAuthorizeParams });

export const ZSandboxRedirect = z.object({ redirect_url: z.string() });
export type TSandboxRedirect = z.infer<typeof ZSandboxRedirect>;
