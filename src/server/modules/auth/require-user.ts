import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { unauthorized } from '../../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; every owner-scoped query reads it. */
    userId: string;
  }
}

/**
 * Authenticates our API by bearer token only, with one indexed lookup in better-auth's
 * session table (better-auth's own getSession costs ~15x more per call; see `npm run bench`).
 * Sliding expiry stays with better-auth: the client refreshes through /api/auth/get-session.
 * Cookies are deliberately ignored, so a cross-site request carrying better-auth's cookie
 * cannot act for the user (no CSRF surface).
 */
export const createRequireUser = (db: Database) => async (request: FastifyRequest) => {
  const authorization = request.headers.authorization;
  if (!authorization?.toLowerCase().startsWith('bearer ')) throw unauthorized();
  // better-auth also hands out "token.signature"; the token part alone identifies the session.
  const token = authorization.slice(7).trim().split('.')[0];
  if (!token) throw unauthorized();
  const [session] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())));
  if (!session) throw unauthorized();
  request.userId = session.userId;
};

export type RequireUser = ReturnType<typeof createRequireUser>;
