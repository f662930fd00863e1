/**
 * The error codes of the `{ error, code }` envelope and their usual HTTP status. Kept free of zod so
 * the web's API client, which every page loads, can check a code without pulling zod into the
 * landing bundle (see web/lib/zod-csp.ts).
 */
export const ERROR_CODES = {
  /** A request body, query or parameter failed its schema; `field` names it. */
  validation_error: 400,
  /** The request itself could not be read (malformed JSON, a body where none belongs…). */
  bad_request: 400,
  /** Another mistake of the client refused before any route ran; the HTTP status says which. */
  client_error: 400,
  /** The address holds a malformed %-escape (like `%zz`); nothing ran. */
  bad_url: 400,
  /** A part of the address (a path parameter) is longer than the API allows; nothing ran. */
  uri_too_long: 414,
  /** No session, or the session expired. */
  unauthorized: 401,
  /** The plan does not allow this; the client opens the upgrade dialog. */
  payment_required: 402,
  /** The plan's product limit is reached (upgrade dialog, reason product_limit). */
  product_limit: 402,
  /** Campaigns need a paid plan (upgrade dialog, reason campaign_limit). */
  campaign_limit: 402,
  /** A Stripe webhook whose signature does not match the raw body; nothing was changed. */
  invalid_signature: 400,
  /** update-subscription or the portal without a subscription: the client falls back to checkout. */
  no_subscription: 409,
  /** Checkout while a subscription is live: change plan in place instead of paying twice. */
  already_subscribed: 409,
  /** A local test checkout or portal link that expired or was already used. */
  link_expired: 410,
  /** The provider declined the charge (a plan change is paid at once); nothing changed. */
  payment_failed: 400,
  /** The payment provider failed or is unreachable. */
  billing_unavailable: 502,
  /** This server sells no plans (production without a payment provider configured). */
  billing_not_configured: 503,
  /** The AI provider did not answer in time; nothing was saved. */
  ai_timeout: 504,
  /** The AI provider answered twice with output that does not fit the schema. */
  ai_bad_output: 502,
  /** The AI provider failed or is unreachable; `retryAfterSeconds` says when to try again. */
  ai_unavailable: 502,
  /** The AI provider is rate-limiting us (its 429); `retryAfterSeconds` says when to try again. */
  ai_busy: 429,
  /**
   * A text or html clip of a render cannot be drawn legibly (decision 133): more lines than
   * HOOK_MAX_LINES, or taller than HOOK_MAX_FRAME_SHARE of the frame; `field` names the clip.
   */
  text_too_long: 400,
  /** The product has no usable hooks left after the exclusions; analyse it again. */
  ai_no_hooks: 409,
  /** Free plan past the daily AI allowance (fair use): the client opens the upgrade dialog. */
  ai_allowance_upgrade: 402,
  /** Paid plan past the daily AI allowance (fair use): try again tomorrow. */
  ai_allowance_reached: 429,
  forbidden: 403,
  /** A development aid asked for under a name that is not this server's (DNS rebinding). */
  unknown_host: 421,
  /** The resource does not exist or belongs to another user (never told apart). */
  not_found: 404,
  /** An upload was larger than the configured limit. */
  payload_too_large: 413,
  /** An upload's content is not one of the accepted types, whatever its name says. */
  unsupported_media_type: 415,
  /**
   * A product video longer than 30 seconds (docs/product/hook-demo.md rule 4); nothing was stored.
   */
  video_too_long: 422,
  /** Too many attempts from this address or on this account; wait `Retry-After` seconds. */
  rate_limited: 429,
  /**
   * The server is overloaded: too many requests are waiting already, the database took no new
   * connection, or a video step ran out of time (nothing was done or kept); retry after
   * `Retry-After` seconds.
   */
  server_busy: 503,
  internal_error: 500,
  /** The TikTok account's authorization ended (revoked or refresh refused): connect it again (409, not 401: our session is fine). */
  tiktok_reconnect_needed: 409,
  /** The per-token TikTok budget (init 6/min, status 30/min, creator info 20/min) is spent; wait `Retry-After`. */
  tiktok_rate_limited: 429,
  /** No TikTok account is connected for this user. */
  tiktok_not_connected: 409,
  /** This server has no TikTok app configured (production without keys or the sandbox switch). */
  tiktok_not_configured: 503,
  /** TikTok refused or failed a call; the message says what TikTok said. */
  tiktok_error: 502,
  /** A reset or verification link whose token expired or was already used. */
  invalid_token: 400,
  // Sign-up and sign-in failures, passed on from better-auth with its status.
  invalid_email_or_password: 401,
  email_not_verified: 403,
  invalid_email: 400,
  password_too_short: 400,
  password_too_long: 400,
  user_already_exists: 422,
  user_already_exists_use_another_email: 422,
  /** The account already has 5 drafts waiting in its TikTok inbox within 24 hours. */
  tiktok_pending_limit: 429,
  /** The media would be refused by TikTok (size, format, duration, frame rate); nothing was sent. */
  tiktok_preflight_failed: 422,
  /** A campaign item cannot be scheduled until its slides or video assets are ready. */
  campaign_assets_not_ready: 409,
  /** A campaign item's date is unreadable or already past (or outside the campaign's dates). */
  campaign_date_invalid: 422,
  /** The campaign item was already sent to TikTok; it cannot be changed or sent again. */
  campaign_item_sent: 409,
  // Rendering: a 402's code is the entitlements reason, which the upgrade dialog explains.
  /** The plan's videos/photos for this period are used up (entitlements reason `limit`). */
  limit: 402,
  /** Generating needs a paid plan (entitlements reason `no_plan`). */
  no_plan: 402,
  /** The last payment failed (entitlements reason `payment_issue`). */
  payment_issue: 402,
  /** A Pro template needs a paid plan (upgrade dialog, reason premium_template). */
  premium_template: 402,
  /** "Make more like this" on a post that no Hookreel draft of a product made. */
  analytics_no_origin: 409,
  /** Media at an outside address did not arrive within the fetch's deadline. */
  media_timeout: 504,
  /** An outside media address could not be reached, or hung up before the end. */
  media_unreachable: 502,
} as const;
export type TErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (code: unknown): code is TErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);

/** Every failure the API returns has this shape; `code` is stable and safe to branch on. */
