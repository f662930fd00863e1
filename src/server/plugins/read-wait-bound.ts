import type { FastifyInstance, FastifyRequest } from 'fastify';
import { boundConnectionWaits } from '../db/connection-wait';

const READS = new Set(['GET', 'HEAD']);

/**
 * On PostgreSQL the admission gate lets many requests in and the pool of 10 connections queues
 * them (decision 020), without a bound: under overload an admitted read waited tens of seconds
 * for a connection (decision 203). Here an API read waits for a connection no longer than a
 * turn in the gate, and is then answered 503 server_busy with Retry-After, as the gate answers.
 * A write keeps its place however long the wait: answering "busy" after part of it was stored
 * would invite a second copy (decision 214).
 */
export const registerReadWaitBound = (
  app: FastifyInstance,
  options: { maxWaitMs: number; applies: (request: FastifyRequest) => boolean },
) => {
  // Registered after the admission gate, whose hook is async: the bound is set in this request's
  // own promise chain, never on its socket's context, so the next request of a kept-alive
  // connection (a write, say) starts without it.
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) && options.applies(request)) {
      boundConnectionWaits(options.maxWaitMs);
    }
  });
};
