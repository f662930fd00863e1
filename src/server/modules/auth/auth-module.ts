import type { Mailer } from '../../adapters/mail/mailer';
import { createSendEmailJob } from '../../jobs/send-email';
import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { createAuth } from './auth';
import { registerAuthRoutes } from './auth-routes';
import type { PasswordHashing } from './password-hashing';
import type { SessionCache } from './session-cache';

/** Accounts, sessions and their e-mails (better-auth), mounted under /api/auth. */
export const createAuthModule = (
  { config, db, jobs, log }: ModuleCore,
  {
    mailer,
    sessionCache,
    passwordHashing,
  }: { mailer: Mailer; sessionCache: SessionCache; passwordHashing?: PasswordHashing },
) => {
  const sendEmailJob = createSendEmailJob(mailer);
  const auth = createAuth({
    db,
    secret: config.secret,
    appUrl: config.appUrl,
    trustedOrigins: config.trustedOrigins,
    sendMail: async (message) => {
      await jobs.send(sendEmailJob, message);
    },
    log: (level, message) => log[level](`auth: ${message}`),
    onSessionDeleted: sessionCache.forget,
    passwordHashing,
  });
  return defineModule({
    name: 'auth',
    routes: (app) =>
      registerAuthRoutes(app, {
        auth,
        appUrl: config.appUrl,
        limits: {
          perAddress: config.authRateLimitMax,
          perAccount: config.limits.accountRateLimitMax,
          sessionChecks: config.limits.sessionRateLimitMax,
        },
      }),
    jobs: [sendEmailJob],
    api: auth,
  });
};
