// Kept free of zod: the web's shared components import these (see error-codes.ts).
/** What a seller reads where they would connect or post when TikTok is `off` (decision 063). */
export const TIKTOK_NOT_CONFIGURED =
  'TikTok is not set up on this server yet, so TikTok accounts cannot be connected and nothing can be posted. Ask the site’s operator to configure TikTok.';

/** The label of every account and post of the built-in sandbox. */
export const TIKTOK_SANDBOX_LABEL = 'TikTok sandbox';
