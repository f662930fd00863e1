import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions } from '../../db/schema';
import { unauthorized } from '../../errors';
import { sessionTokenFromBearer } from './bearer-token';
import type { SessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; every owner-scoped query reads it. */
    userId: string;
  }
}

/**
 * Authenticates our API by bearer token only, with one indexed lookup in better-auth's
 * session table (better-auth's own getSession costs ~15x more per call; see `npm run bench`),
 * skipped while the short-lived session cache still knows the token (decision 020).
 * Sliding expiry stays with better-auth: the client refreshes through /api/auth/get-session.
 * Cookies are deliberately ignored, so a cross-site request carrying better-auth's cookie
 * cannot act for the user (no CSRF surface).
 */
const findSession = preparedQuery('session_by_token', (db, name) =>
  db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare(name),
);

export const createRequireUser =
  ({ db, secret, cache }: { db: Database; secret: string; cache: SessionCache }) =>
  async (request: FastifyRequest) => {
    const token = sessionTokenFromBearer(request.headers.authorization, secret);
    if (!token) throw unauthorized();
    const cached = cache.get(token);
    if (cached) {
      request.userId = cached;
      return;
    }
    const startedAt = cache.begin();
    const [session] = await findSession(db).execute({ token, now: new Date() });
    if (!session) throw unauthorized();
    cache.set(token, session.userId, session.expiresAt, startedAt);
    request.userId = session.userId;
  };

export type RequireUser = ReturnType<typeof createRequireUser>;
