import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

export type AuthLimitOptions = {
  /** Password attempts (sign-in, sign-up, reset, recover…) per address per minute. */
  perAddress: number;
  /** Sign-in attempts per account per 15 minutes, whatever address they come from. */
  perAccount: number;
  /** Session refreshes (get-session) per address per minute, counted apart from passwords. */
  sessionChecks: number;
};

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

const MINUTE = 60_000;

const accountOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * The preHandlers of the auth routes (decision 019). Counts live in the rate-limit store the
 * app registered (the database), so they hold across API processes; a refused request is
 * answered 429 rate_limited with Retry-After.
 */
export const createAuthLimits = (app: FastifyInstance, options: AuthLimitOptions) => {
  const attempts = app.createRateLimit({
    max: options.perAddress,
    timeWindow: MINUTE,
    keyGenerator: (request) => `auth-address:${request.ip}`,
  });
  const account = app.createRateLimit({
    max: options.perAccount,
    timeWindow: 15 * MINUTE,
    keyGenerator: (request) => `auth-account:${accountOf(request)}`,
  });
  const sessionChecks = app.createRateLimit({
    max: options.sessionChecks,
    timeWindow: MINUTE,
    keyGenerator: (request) => `auth-session:${request.ip}`,
  });

  const enforce =
    (limits: (request: FastifyRequest) => Limit[]) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limit of limits(request)) {
        const result = await limit(request);
        if (result.isAllowed || !result.isExceeded) continue;
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('rate_limited', 'Too many attempts. Wait a minute and try again.');
      }
    };

  return {
    passwordAttempt: enforce(() => [attempts]),
    signIn: enforce((request) => (accountOf(request) ? [attempts, account] : [attempts])),
    sessionCheck: enforce(() => [sessionChecks]),
  };
};
