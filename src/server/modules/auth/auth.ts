import { betterAuth } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { EMAIL_CONFIRMED_LANDING } from '#contract/email-confirmation';
import { SIGN_UP_MIN_PASSWORD } from '#contract/passwords';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { splitFullName } from '../users';
import { confirmationEmail, existingAccountEmail, passwordResetEmail } from './auth-emails';
import { authLogLine } from './auth-log-level';
import type { PasswordHashing } from './password-hashing';
import { noteDatabaseRefusal } from './refusal-watch';

/**
 * Whatever return address a client asked for, the confirmation link lands on the site root with
 * the confirmed marker (docs/product/accounts.md rule 2): the page there says so and opens the
 * sign-in.
 */
const withConfirmedLanding = (url: string) => {
  const link = new URL(url);
  link.searchParams.set('callbackURL', EMAIL_CONFIRMED_LANDING);
  return link.toString();
};

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

type Options = {
  db: Database;
  secret: string;
  appUrl: string;
  /** Origins allowed to call the auth routes from a browser (config.trustedOrigins). */
  trustedOrigins: string[];
  sendMail: (message: MailMessage) => Promise<void>;
  /** better-auth's own log lines go through the app's logger. */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  /** Told about every session better-auth deletes, so no cache outlives a revocation. */
  onSessionDeleted: (token: string) => void;
  /** Tests only: a cheaper hash than better-auth's own (password-hashing.ts). */
  passwordHashing?: PasswordHashing;
};

export const createAuth = ({
  db,
  secret,
  appUrl,
  trustedOrigins,
  sendMail,
  log,
  onSessionDeleted,
  passwordHashing,
}: Options) =>
  betterAuth({
    appName: 'Hookreel',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins,
    // better-auth skips the origin check when NODE_ENV is test; checking it there too keeps the
    // tests honest about which addresses a browser can sign up from.
    advanced: { disableOriginCheck: false },
    logger: {
      log: (level, message, ...args: unknown[]) => {
        // A refused connection is overload, answered 503 by the route (refusal-watch.ts).
        if (noteDatabaseRefusal(args))
          log('warn', `${message}: the database took no new connection`);
        else {
          const line = authLogLine(level, message);
          log(line.level, line.message);
        }
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
      },
    }),
    // Rate limits on the auth routes are applied by Fastify, in one place with the rest.
    rateLimit: { enabled: false },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 60 * 60 * 24 },
    user: {
      additionalFields: {
        fullName: { type: 'string', required: false, input: true },
        displayName: { type: 'string', required: false, input: true },
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: SIGN_UP_MIN_PASSWORD,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      // A reset ends every session; /api/auth/recover then opens the one the user arrives with.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The link carries the token in the hash, so it never reaches server logs or referrers.
      sendResetPassword: async ({ user, token }) => {
        const url = `${appUrl}/reset-password#access_token=${encodeURIComponent(token)}&type=recovery`;
        await sendMail(passwordResetEmail(user.email, url));
      },
      onExistingUserSignUp: async ({ user }) => {
        await sendMail(existingAccountEmail(user.email, `${appUrl}/`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail(confirmationEmail(user.email, user.name, withConfirmedLanding(url)));
      },
    },
    hooks: {
      // A password change ends every other session of the user whatever the client asked
      // for; the session that made the change stays valid, so the browser keeps its token.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password' || isAPIError(ctx.context.returned)) return;
        const current = ctx.context.session;
        if (!current) return;
        const others = (await ctx.context.internalAdapter.listSessions(current.user.id))
          .map((s) => s.token)
          .filter((token) => token !== current.session.token);
        if (others.length > 0) await ctx.context.internalAdapter.deleteSessions(others);
      }),
    },
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => {
            onSessionDeleted(session.token);
          },
        },
      },
      user: {
        create: {
          before: async (user) => {
            const fullName = String(user.fullName ?? user.name ?? '').trim();
            const { firstName, lastName } = splitFullName(fullName);
            return {
              data: {
                ...user,
                fullName: fullName || null,
                displayName: String(user.displayName ?? '').trim() || fullName || null,
                firstName,
                lastName,
              },
            };
          },
        },
      },
    },
    plugins: [bearer()],
  });

export type Auth = ReturnType<typeof createAuth>;
