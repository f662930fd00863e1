import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TSandboxAuthorizeParams } from '#contract/tiktok-sandbox';
import {
  ZSandboxApproveRequest,
  ZSandboxAuthorizeParams,
  ZSandboxAuthorizeView,
  ZSandboxDenyRequest,
  ZSandboxRedirect,
} from '#contract/tiktok-sandbox';
import { AppError, notFound, unauthorized } from '../../../errors';
import {
  createSandboxAccount,
  findAutoAuthAccount,
  findSandboxAccount,
  findSandboxAccountName,
  listSandboxAccounts,
  markSandboxAccountAuthorized,
} from './sandbox-accounts-repo';
import { checkAuthorizeParams, grantedScopes, redirectTo } from './sandbox-authorize';
import type { AuthorizeRequest } from './sandbox-authorize';
import { avatarSvg, avatarUrl } from './sandbox-avatar';
import { issueSandboxCode } from './sandbox-oauth-repo';
import type { SandboxOptions } from './sandbox-options';

const CLIENT_NAME = 'Hookreel';

/**
 * The JSON side of the authorize page (an SPA route, decision 024): the signed-in seller sees
 * and picks only their own test accounts. Errors are Hookreel's `{ error, code }`, since the
 * page is ours; what goes back to the client is a redirect URL, as TikTok's page would send.
 */
export const sandboxAuthorizeRoutes: FastifyPluginAsync<SandboxOptions> = async (
  fastify,
  options,
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const client = { clientKey: options.client.clientKey, redirectUris: options.client.redirectUris };

  const seller = async (request: FastifyRequest) => {
    const userId = await options.signedInUserId(request);
    if (!userId) throw unauthorized();
    return userId;
  };

  type Refusal =
    | { status: 'redirect'; redirect_url: string }
    | { status: 'error'; error: string; error_description: string };

  /** The request checked; a page error or a redirect error ends here as the view to show. */
  const check = (
    params: TSandboxAuthorizeParams,
  ): { request: AuthorizeRequest } | { view: Refusal } => {
    const result = checkAuthorizeParams(params, client);
    if (result.kind === 'page_error') {
      return {
        view: { status: 'error', error: result.error, error_description: result.description },
      };
    }
    if (result.kind === 'redirect_error') {
      return { view: { status: 'redirect', redirect_url: result.redirectUrl } };
    }
    return { request: result.request };
  };

  const account = (row: { openId: string; displayName: string; username: string }) => ({
    open_id: row.openId,
    display_name: row.displayName,
    username: row.username,
    avatar_url: avatarUrl(options.publicOrigin, row.openId),
  });

  app.get('/api/authorize', {
    schema: {
      hide: true,
      querystring: ZSandboxAuthorizeParams,
      response: { 200: ZSandboxAuthorizeView },
    },
    handler: async (request) => {
      const userId = await seller(request);
      const checked = check(request.query);
      if ('view' in checked) return checked.view;
      const { request: auth } = checked;
      const accounts = await listSandboxAccounts(db, userId);
      const autoOpenId = auth.disableAutoAuth
        ? null
        : await findAutoAuthAccount(db, userId, auth.clientKey, auth.scopes);
      return {
        status: 'consent' as const,
        client_name: CLIENT_NAME,
        scopes: auth.scopes,
        accounts: accounts.map(account),
        auto_open_id: autoOpenId,
      };
    },
  });

  /** Consent: an existing test account of this seller, or a new one named here. */
  app.post('/api/authorize/approve', {
    schema: { hide: true, body: ZSandboxApproveRequest, response: { 200: ZSandboxRedirect } },
    handler: async (request) => {
      const userId = await seller(request);
      const checked = check(request.body.params);
      if ('view' in checked) {
        if (checked.view.status === 'redirect') return { redirect_url: checked.view.redirect_url };
        throw new AppError('bad_request', checked.view.error_description);
      }
      const auth = checked.request;
      const chosen = request.body.account;
      let openId: string;
      if ('open_id' in chosen) {
        const row = await findSandboxAccount(db, userId, chosen.open_id);
        if (!row) throw notFound('No such test account');
        openId = row.openId;
      } else {
        const row = await createSandboxAccount(db, userId, {
          displayName: chosen.display_name,
          username: chosen.username,
        });
        if (!row) {
          throw new AppError(
            'validation_error',
            `You already have a test account @${chosen.username}`,
            {
              field: 'username',
            },
          );
        }
        openId = row.openId;
      }
      const scopes = grantedScopes(auth.scopes, request.body.granted_scopes);
      const code = await issueSandboxCode(db, {
        openId,
        clientKey: auth.clientKey,
        redirectUri: auth.redirectUri,
        scopes,
        codeChallenge: auth.codeChallenge,
      });
      await markSandboxAccountAuthorized(db, openId);
      return {
        redirect_url: redirectTo(auth.redirectUri, {
          code,
          scopes: scopes.join(','),
          state: auth.state,
        }),
      };
    },
  });

  app.post('/api/authorize/deny', {
    schema: { hide: true, body: ZSandboxDenyRequest, response: { 200: ZSandboxRedirect } },
    handler: async (request) => {
      await seller(request);
      const checked = check(request.body.params);
      if ('view' in checked) {
        if (checked.view.status === 'redirect') return { redirect_url: checked.view.redirect_url };
        throw new AppError('bad_request', checked.view.error_description);
      }
      return {
        redirect_url: redirectTo(checked.request.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied the request.',
          state: checked.request.state,
        }),
      };
    },
  });

  // Public, like TikTok's CDN avatars: an <img> sends no bearer token.
  app.get('/avatars/:file', { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const openId = file.replace(/\.svg$/, '');
    const name = await findSandboxAccountName(db, openId);
    if (name === undefined) throw notFound('No such avatar');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(avatarSvg(openId, name));
  });
};
