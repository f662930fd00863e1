import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import {
  ZTikTokAccounts,
  ZTikTokCreatorInfoQuery,
  ZTikTokCreatorInfoResponse,
  ZTikTokDefaultRequest,
  ZTikTokTicketRequest,
  ZTikTokTicketResponse,
} from '#contract/tiktok';
import type { TikTokAccounts } from './tiktok-accounts-service';
import type { BrowserNonce, TikTokConnect } from './tiktok-connect-service';
import { BROWSER_COOKIE, BROWSER_COOKIE_PATH } from './tiktok-connect-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const security = [{ bearerAuth: [] }];
const tags = ['tiktok'];
const openIdParams = z.object({ open_id: z.string().min(1).max(200) });
const redirect = (description: string) => z.null().meta({ description });

export const registerTikTokAccountsRoutes = async (
  app: FastifyInstance,
  {
    accounts,
    connect,
    authenticate,
    secureCookies,
  }: {
    accounts: TikTokAccounts;
    connect: TikTokConnect;
    authenticate: Authenticate;
    /** Served over https (APP_URL): the browser cookie is sent over https only. */
    secureCookies: boolean;
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const browserNonce = (request: FastifyRequest) =>
    request.headers.cookie ? parseCookie(request.headers.cookie)[BROWSER_COOKIE] : undefined;
  const setBrowserNonce = (reply: FastifyReply, nonce: BrowserNonce) =>
    reply.header(
      'set-cookie',
      stringifySetCookie(BROWSER_COOKIE, nonce.value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: BROWSER_COOKIE_PATH,
        maxAge: nonce.maxAgeSeconds,
      }),
    );
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse };

  r.get('/api/tiktok/auth/login', {
    schema: {
      tags,
      summary: 'Full-page navigation: trades the ticket for an OAuth state and goes to TikTok',
      description:
        'Authenticated by the ticket and the browser cookie set with it; user_id is accepted for old links and never trusted. A missing, used or expired ticket, or one opened in another browser, lands on the callback page with an error.',
      querystring: z.object({
        ticket: z.string().max(200).optional(),
        user_id: z.string().max(200).optional(),
      }),
      response: { 302: redirect('To TikTok’s authorize page, or to the callback page with error') },
    },
    handler: async (request, reply) => {
      const { location, nonce } = await connect.startLogin(
        request.query.ticket,
        browserNonce(request),
      );
      if (nonce) setBrowserNonce(reply, nonce);
      return reply.redirect(location, 302);
    },
  });

  r.get('/api/tiktok/auth/callback', {
    schema: {
      tags,
      summary: 'TikTok’s OAuth redirect: checks state and scopes, saves the account',
      description:
        'Lands on /app/tiktok-callback (code, state or error) or /settings?tab=tiktok with tiktok_connected=true or tiktok_error=true. A forged, replayed or expired state stores nothing, and so does a state opened in a browser other than the one that started (error=other_browser).',
      querystring: z.object({
        code: z.string().max(2000).optional(),
        state: z.string().max(200).optional(),
        scopes: z.string().max(2000).optional(),
        error: z.string().max(200).optional(),
        error_description: z.string().max(2000).optional(),
      }),
      response: { 302: redirect('To the callback page or the Settings TikTok tab') },
    },
    handler: async (request, reply) =>
      reply.redirect(await connect.finishLogin(request.query, browserNonce(request)), 302),
  });

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/tiktok/auth/ticket', {
      schema: {
        tags,
        summary: 'A single-use link (2 minutes) that starts connecting a TikTok account',
        description:
          'The connection starts with a full-page navigation, which carries no bearer token: open the returned url instead, in this browser. The answer sets an HttpOnly cookie that binds the link and the OAuth state to this browser; opened anywhere else, the link connects nothing.',
        security,
        body: ZTikTokTicketRequest,
        response: { 200: ZTikTokTicketResponse, ...errors },
      },
      handler: async (request, reply) => {
        const { url, nonce } = await connect.createTicket(
          request.userId,
          request.body,
          browserNonce(request),
        );
        setBrowserNonce(reply, nonce);
        return { url };
      },
    });

    r.get('/api/tiktok/accounts', {
      schema: {
        tags,
        summary: 'The caller’s connected TikTok accounts and the default one (never tokens)',
        security,
        response: { 200: ZTikTokAccounts, 401: ZErrorResponse },
      },
      handler: (request) => accounts.list(request.userId),
    });

    r.put('/api/tiktok/accounts/default', {
      schema: {
        tags,
        summary: 'Make one of the caller’s accounts the default',
        security,
        body: ZTikTokDefaultRequest,
        response: { 200: ZTikTokAccounts, ...errors, 404: ZErrorResponse },
      },
      handler: (request) => accounts.setDefault(request.userId, request.body.open_id),
    });

    r.delete('/api/tiktok/accounts/:open_id', {
      schema: {
        tags,
        summary: 'Disconnect an account: revoke its token at TikTok, then forget it',
        description:
          'A revoke TikTok refuses still disconnects here. When the default goes, the oldest remaining account becomes the default.',
        security,
        params: openIdParams,
        response: { 204: z.null(), ...errors, 404: ZErrorResponse },
      },
      handler: async (request, reply) => {
        await accounts.disconnect(request.userId, request.params.open_id);
        return reply.code(204).send(null);
      },
    });

    r.delete('/api/tiktok/auth/disconnect', {
      schema: {
        tags,
        summary: 'Disconnect the default account (docs/product/publishing.md rule 2)',
        security,
        response: { 204: z.null(), ...errors, 409: ZErrorResponse },
      },
      handler: async (request, reply) => {
        await accounts.disconnect(request.userId, undefined);
        return reply.code(204).send(null);
      },
    });

    r.post('/api/tiktok/creator/info', {
      schema: {
        tags,
        summary: 'What TikTok allows this creator (privacy options, maximum video length)',
        description:
          'Counts against the account’s 20 requests a minute (429 tiktok_rate_limited with Retry-After). 409 tiktok_reconnect_needed when TikTok no longer accepts the account.',
        security,
        querystring: ZTikTokCreatorInfoQuery,
        response: {
          200: ZTikTokCreatorInfoResponse,
          ...errors,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
          502: ZErrorResponse,
        },
      },
      handler: (request) => accounts.creatorInfo(request.userId, request.query.account_open_id),
    });
  });
};
