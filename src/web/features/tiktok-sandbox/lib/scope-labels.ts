import { TIKTOK_PERMISSIONS } from '#contract/tiktok-permissions';

/**
 * What each scope lets the app do, in TikTok's consent wording: the same words Hookreel uses when
 * it names a permission the seller unticked (decision 100).
 */
export const SCOPE_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(TIKTOK_PERMISSIONS).map(([scope, { consent }]) => [scope, consent]),
);

/** Login Kit grants this one by default; the user cannot untick it. */
export const REQUIRED_SCOPE = 'user.info.basic';

/** The authorize URL's own query, as TikTok names its parameters. */
export const authorizeParamsFrom = (search: string) => {
  const query = new URLSearchParams(search);
  const pick = (name: string) => query.get(name) ?? undefined;
  return {
    client_key: pick('client_key'),
    redirect_uri: pick('redirect_uri'),
    response_type: pick('response_type'),
    scope: pick('scope'),
    state: pick('state'),
    disable_auto_auth: pick('disable_auto_auth'),
    // PKCE (decision 056): the code is issued for this challenge.
    code_challenge: pick('code_challenge'),
    code_challenge_method: pick('code_challenge_method'),
  };
};
