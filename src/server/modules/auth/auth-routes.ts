import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#contract/errors';
import { ZRecoverRequest, ZSessionResponse, ZSignUpRequest } from '#contract/user';
import { AppError, serverBusy, toContractCode } from '../../errors';
import type { Auth } from './auth';
import type { AuthLimitOptions } from './auth-limits';
import { createAuthLimits } from './auth-limits';
import { watchDatabaseRefusal } from './refusal-watch';

const toWebRequest = (request: FastifyRequest, origin: string): Request => {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
};

const sendWebResponse = async (response: Response, reply: FastifyReply) => {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    // better-auth answers { code, message }; keep our envelope everywhere.
    let parsed: { message?: string; code?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      /* not JSON */
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send({
      error: parsed.message ?? (text || 'Authentication failed'),
      code: toContractCode(parsed.code, response.status),
    });
  }
  return reply.send(text);
};

/**
 * Mounts better-auth under /api/auth (sign-up, sign-in, sign-out, session, e-mail
 * verification, password reset) behind the auth limits, plus our recovery route.
 */
export const registerAuthRoutes = async (
  app: FastifyInstance,
  { auth, appUrl, limits }: { auth: Auth; appUrl: string; limits: AuthLimitOptions },
) => {
  const limit = createAuthLimits(app, limits);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { value: response, refused } = await watchDatabaseRefusal(() =>
      auth.handler(toWebRequest(request, appUrl)),
    );
    // Overload, not the person's mistake: nothing was created, and the same request may work.
    if (refused && response.status >= 400) throw serverBusy();
    return sendWebResponse(response, reply);
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    preHandler: limit.passwordAttempt,
    schema: { hide: true },
    handler,
  });
  app.post('/api/auth/sign-in/email', {
    preHandler: limit.signIn,
    schema: { hide: true },
    handler,
  });
  // better-auth bounds no name; ours are bounded like every other field (decision 214).
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/sign-up/email', {
    preHandler: limit.passwordAttempt,
    schema: { hide: true, body: ZSignUpRequest },
    handler,
  });
  // The client refreshes its session here every few minutes; that must never use up the
  // allowance of password attempts, nor be refused because someone guessed passwords.
  app.get('/api/auth/get-session', {
    preHandler: limit.sessionCheck,
    schema: { hide: true },
    handler,
  });

  // better-auth's reset endpoint does not sign the user in; the reset page sends the user on to
  // /settings afterwards, so this one resets and opens a session in the same step.
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/recover', {
    preHandler: limit.passwordAttempt,
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the e-mailed reset token and sign in',
      body: ZRecoverRequest,
      response: { 200: ZSessionResponse, 400: ZErrorResponse, 429: ZErrorResponse },
    },
    handler: async (request) => {
      const { token, password } = request.body;
      const ctx = await auth.$context;
      const verification = await ctx.internalAdapter.findVerificationValue(
        `reset-password:${token}`,
      );
      if (!verification || verification.expiresAt < new Date()) {
        throw new AppError('invalid_token', 'This reset link has expired or was already used', {
          status: 400,
        });
      }
      const userId = verification.value;
      await auth.api.resetPassword({ body: { newPassword: password, token } });
      const session = await ctx.internalAdapter.createSession(userId);
      return { token: session.token, expiresAt: new Date(session.expiresAt).toISOString() };
    },
  });
};
