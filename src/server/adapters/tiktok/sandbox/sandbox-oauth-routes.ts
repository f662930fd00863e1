import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { newLogId } from './sandbox-envelope';
import {
  ACCESS_TOKEN_SECONDS,
  exchangeSandboxCode,
  refreshSandboxTokens,
  revokeSandboxGrantByAccessToken,
} from './sandbox-oauth-repo';
import type { IssuedTokens } from './sandbox-oauth-repo';
import type { SandboxOptions } from './sandbox-options';

/**
 * TikTok's OAuth endpoints: form-urlencoded in, flat JSON out. Failures are
 * `{ error, error_description, log_id }`; `invalid_grant` comes with HTTP 200 as TikTok sends it
 * (TikTok's token docs), so a client that trusts the status instead of the body is caught by tests.
 */
class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly httpStatus: number,
  ) {
    super(description);
  }
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description, 200);

const sendOAuthError = (reply: FastifyReply, error: OAuthError) =>
  reply.status(error.httpStatus).header('cache-control', 'no-store').send({
    error: error.error,
    error_description: error.description,
    log_id: newLogId(),
  });

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

type Form = Record<string, string | undefined>;

const tokenAnswer = (tokens: IssuedTokens) => ({
  open_id: tokens.openId,
  scope: tokens.scopes,
  access_token: tokens.accessToken,
  expires_in: ACCESS_TOKEN_SECONDS,
  refresh_token: tokens.refreshToken,
  refresh_expires_in: Math.max(
    0,
    Math.floor((tokens.refreshExpiresAt.getTime() - Date.now()) / 1000),
  ),
  token_type: 'Bearer',
});

const CODE_FAILURES = {
  unknown: 'Authorization code is expired.',
  expired: 'Authorization code is expired.',
  replayed: 'Authorization code has been used.',
  client: 'Authorization code was issued to another client.',
  redirect_uri: 'Redirect_uri is not matched with the uri when requesting code.',
} as const;

export const sandboxOAuthRoutes: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const { db, client } = options;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'tiktok sandbox: oauth failed');
    return sendOAuthError(
      reply,
      status >= 500
        ? new OAuthError('server_error', 'Internal error.', 500)
        : new OAuthError('invalid_request', 'The request body is not form-urlencoded.', 400),
    );
  });

  const form = (body: unknown): Form => {
    if (typeof body !== 'object' || body === null) {
      throw new OAuthError('invalid_request', 'Send application/x-www-form-urlencoded.', 400);
    }
    return body as Form;
  };

  const checkClient = (f: Form) => {
    if (!f.client_key || !f.client_secret) {
      throw new OAuthError('invalid_request', 'client_key and client_secret are required.', 400);
    }
    if (f.client_key !== client.clientKey || !same(f.client_secret, client.clientSecret)) {
      throw new OAuthError('invalid_client', 'Client key or secret is incorrect.', 401);
    }
  };

  app.post('/v2/oauth/token/', { schema: { hide: true } }, async (request, reply) => {
    const f = form(request.body);
    checkClient(f);
    reply.header('cache-control', 'no-store');
    if (f.grant_type === 'authorization_code') {
      if (!f.code || !f.redirect_uri) {
        throw new OAuthError('invalid_request', 'code and redirect_uri are required.', 400);
      }
      const result = await exchangeSandboxCode(db, {
        code: f.code,
        clientKey: client.clientKey,
        redirectUri: f.redirect_uri,
        codeVerifier: f.code_verifier || undefined,
      });
      if (!result.ok) {
        if (result.reason === 'code_verifier') {
          // What TikTok answers integrators whose verifier does not match (decision 056).
          throw new OAuthError(
            'invalid_request',
            'Code verifier or code challenge is invalid.',
            400,
          );
        }
        // TikTok's current token docs answer a redirect mismatch as a malformed request, not a
        // dead grant (issue 23); the code itself stays spent, as with every failed exchange.
        if (result.reason === 'redirect_uri') {
          throw new OAuthError('invalid_request', CODE_FAILURES.redirect_uri, 400);
        }
        throw invalidGrant(CODE_FAILURES[result.reason]);
      }
      return tokenAnswer(result.tokens);
    }
    if (f.grant_type === 'refresh_token') {
      if (!f.refresh_token)
        throw new OAuthError('invalid_request', 'refresh_token is required.', 400);
      const result = await refreshSandboxTokens(db, {
        refreshToken: f.refresh_token,
        clientKey: client.clientKey,
      });
      if (!result.ok) throw invalidGrant('Refresh token is invalid or expired.');
      return tokenAnswer(result.tokens);
    }
    throw new OAuthError('unsupported_grant_type', 'grant_type is not supported.', 400);
  });

  // Success is an empty object; an unknown token is not an error (RFC 7009 §2.2).
  app.post('/v2/oauth/revoke/', { schema: { hide: true } }, async (request, reply) => {
    const f = form(request.body);
    checkClient(f);
    if (!f.token) throw new OAuthError('invalid_request', 'token is required.', 400);
    await revokeSandboxGrantByAccessToken(db, {
      accessToken: f.token,
      clientKey: client.clientKey,
    });
    return reply.header('cache-control', 'no-store').send({});
  });
};
