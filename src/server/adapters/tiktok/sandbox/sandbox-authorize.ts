import type { TSandboxAuthorizeParams } from '#contract/tiktok-sandbox';

/** Every scope TikTok documents for Login Kit and posting (TikTok's scopes overview). */
export const SANDBOX_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.upload',
  'video.publish',
  'video.list',
] as const;

export type SandboxClient = { clientKey: string; redirectUris: readonly string[] };

export type AuthorizeRequest = {
  clientKey: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  disableAutoAuth: boolean;
  /** PKCE: when sent, the code's exchange must carry the matching verifier (decision 056). */
  codeChallenge: string | undefined;
};

/** TikTok's S256 challenge is a hex SHA-256 (see `tiktok-pkce.ts`). */
const HEX_CHALLENGE = /^[0-9a-f]{64}$/;

export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** Shown on the page: without a trusted redirect_uri there is nowhere safe to send it. */
  | { kind: 'page_error'; error: string; description: string }
  /** Sent back to the client's redirect_uri, as OAuth does once the client is known. */
  | { kind: 'redirect_error'; redirectUrl: string };

export const redirectTo = (redirectUri: string, params: Record<string, string | undefined>) => {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
};

/**
 * Checks an authorize request as TikTok does: an unknown client_key or a redirect_uri that is
 * not registered exactly is an error on the page; a bad response_type or scope goes back to
 * the client with `error` and the `state`.
 */
export const checkAuthorizeParams = (
  params: TSandboxAuthorizeParams,
  client: SandboxClient,
): AuthorizeCheck => {
  if (!params.client_key || params.client_key !== client.clientKey) {
    return { kind: 'page_error', error: 'invalid_client', description: 'client_key is not valid.' };
  }
  const redirectUri = params.redirect_uri ?? '';
  if (!client.redirectUris.includes(redirectUri)) {
    return {
      kind: 'page_error',
      error: 'invalid_redirect_uri',
      description: 'redirect_uri is not registered for this app.',
    };
  }
  const back = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect_error',
    redirectUrl: redirectTo(redirectUri, {
      error,
      error_description: description,
      state: params.state,
    }),
  });
  if (params.response_type !== 'code') {
    return back('unsupported_response_type', 'response_type must be code.');
  }
  const scopes = [
    ...new Set(
      (params.scope ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (scopes.length === 0) return back('invalid_scope', 'scope is required.');
  const unknown = scopes.filter((s) => !(SANDBOX_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) return back('invalid_scope', `Unknown scope: ${unknown.join(',')}.`);
  const challenge = params.code_challenge || undefined;
  if (challenge !== undefined || params.code_challenge_method) {
    if (params.code_challenge_method !== 'S256') {
      return back('invalid_request', 'code_challenge_method must be S256.');
    }
    if (challenge === undefined || !HEX_CHALLENGE.test(challenge)) {
      return back('invalid_request', 'code_challenge must be the hex SHA-256 of the verifier.');
    }
  }
  return {
    kind: 'ok',
    request: {
      clientKey: client.clientKey,
      redirectUri,
      scopes,
      state: params.state,
      disableAutoAuth: params.disable_auto_auth === '1',
      codeChallenge: challenge,
    },
  };
};

/**
 * The scopes a consent grants: those the user left ticked, never one that was not asked for,
 * and always `user.info.basic`, which Login Kit grants by default.
 */
export const grantedScopes = (requested: string[], ticked: string[] | undefined) => {
  const keep = ticked ? requested.filter((s) => ticked.includes(s)) : requested;
  return requested.filter((s) => s === 'user.info.basic' || keep.includes(s));
};
