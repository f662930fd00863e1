import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import type { Auth } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; every owner-scoped query reads it. */
    userId: string;
  }
}

/**
 * Our API authenticates by bearer token only. Cookies are deliberately not passed on, so a
 * cross-site request carrying better-auth's cookie cannot act for the user (no CSRF surface).
 */
export const createRequireUser = (auth: Auth) => async (request: FastifyRequest) => {
  const authorization = request.headers.authorization;
  if (!authorization?.toLowerCase().startsWith('bearer ')) throw unauthorized();
  const result = await auth.api.getSession({ headers: new Headers({ authorization }) });
  if (!result) throw unauthorized();
  request.userId = result.user.id;
};

export type RequireUser = ReturnType<typeof createRequireUser>;
