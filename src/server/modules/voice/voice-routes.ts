import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AI_ERROR_RESPONSES } from '#contract/ai';
import { ZErrorResponse } from '#contract/errors';
import { ZHookVoiceRequest, ZHookVoiceResponse } from '#contract/voice';
import type { Authenticate } from '../../plugins/server-module';
import { authenticated } from '../../plugins/server-module';
import type { VoiceService } from './voice-service';

/** Mounted only when a voice is configured (AI_VOICE_*): otherwise the route does not exist. */
export const registerVoiceRoutes = async (
  app: FastifyInstance,
  { voice, authenticate }: { voice: VoiceService; authenticate: Authenticate },
) => {
  await authenticated(app, authenticate, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post('/api/voice/hook', {
      schema: {
        tags: ['voice'],
        summary: 'The hook read aloud, as long as the hook part, for a render’s soundtrack',
        description:
          'Only where a voice is configured (GET /api/config `voice`). Counts against the daily AI allowance like the other AI calls. The answer is a signed link to a WAV file of exactly `seconds`.',
        security: [{ bearerAuth: [] }],
        body: ZHookVoiceRequest,
        response: {
          201: ZHookVoiceResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          ...AI_ERROR_RESPONSES,
        },
      },
      handler: async (request, reply) =>
        reply.code(201).send(await voice.readHook(request.userId, request.body)),
    });
  });
};
