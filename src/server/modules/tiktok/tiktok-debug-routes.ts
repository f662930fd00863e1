import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '#contract/errors';
import { ZTikTokDebug } from '#contract/tiktok';
import type { Config } from '../../config';
import { AppError } from '../../errors';

export const TIKTOK_DEBUG_PATH = '/api/tiktok/debug';

/**
 * The integration debug page's configuration check. In development it is a development aid like
 * the page (this machine's own names only, `plugins/own-host-only.ts`); in production it tells
 * how the installation is set up, so only operators (OPERATOR_EMAILS) read it (decision 062).
 */
export const registerTikTokDebugRoutes = (
  app: FastifyInstance,
  config: Config,
  {
    signedInEmail,
    client,
  }: {
    /** The e-mail of the bearer token's user, or null without a valid session. */
    signedInEmail: (request: FastifyRequest) => Promise<string | null>;
    /**
     * Whether real TikTok client keys are set, and the redirect URI TikTok sends the user back to
     * (the sandbox redirects to the same callback route the real TikTok would).
     */
    client: { keysConfigured: boolean; redirectUri: string };
  },
) => {
  const operators = new Set(config.operatorEmails);
  app.withTypeProvider<ZodTypeProvider>().get(TIKTOK_DEBUG_PATH, {
    schema: {
      tags: ['tiktok'],
      summary: 'Which TikTok settings are configured (never their values)',
      description:
        'In production only operators (OPERATOR_EMAILS) may read it; a development aid otherwise, answered only at the server’s own address (421 elsewhere).',
      response: {
        200: ZTikTokDebug,
        401: ZErrorResponse,
        403: ZErrorResponse,
        421: ZErrorResponse,
      },
    },
    preHandler: async (request) => {
      if (config.env !== 'production') return;
      const email = await signedInEmail(request);
      if (email === null) throw new AppError('unauthorized', 'Sign in to continue');
      if (!operators.has(email.toLowerCase())) {
        throw new AppError(
          'forbidden',
          'The TikTok configuration check is for this server’s operators (OPERATOR_EMAILS) only.',
        );
      }
    },
    handler: async () => ({
      host: config.appUrl,
      environment: config.env,
      redirectUri: client.redirectUri,
      clientIdConfigured: client.keysConfigured,
      clientSecretConfigured: client.keysConfigured,
    }),
  });
};
