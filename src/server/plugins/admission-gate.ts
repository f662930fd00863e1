import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverBusy } from '../errors';

type Options = {
  /** Requests served at once; the rest wait their turn in arrival order. */
  maxInFlight: number;
  /** Requests allowed to wait; one more is answered 503 server_busy at once. */
  maxQueued: number;
  /**
   * The longest wait worth queueing for: a request that would wait longer (by the recent
   * service time) is refused at once too, and one still waiting when this much time has passed
   * is refused then (decision 067), so the bound holds when the estimate was wrong.
   */
  maxWaitMs: number;
  /** Which requests take a turn (those that reach the database). */
  applies: (request: FastifyRequest) => boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** How many requests wait in the admission gate right now. */
    apiBacklog: () => number;
  }
}

/**
 * Bounded queueing in front of the API. Embedded PGlite runs one query at a time: with
 * hundreds of requests interleaving their queries, every one of them finished late and some
 * not at all. Here a few run while the rest wait in order, and a backlog deeper than
 * `maxQueued` (or longer than `maxWaitMs` to serve) is refused at once with Retry-After
 * instead of waiting for tens of seconds.
 */
export const registerAdmissionGate = (app: FastifyInstance, options: Options) => {
  let inFlight = 0;
  /** Moving average of how long an admitted request holds its turn. */
  let serviceMs = 0;
  /** Waiting requests in arrival order; `admit` gives one its turn. */
  const waiting: Array<{ admit: () => void }> = [];
  const releases = new WeakMap<FastifyRequest, () => void>();
  app.decorate('apiBacklog', () => waiting.length);

  const pass = () => {
    const next = waiting.shift();
    if (next) next.admit();
    else inFlight--;
  };

  /**
   * Waits for a turn, for at most `maxWaitMs`: the estimate that let the request queue can be
   * wrong (no answer measured yet after a start, or turns held far longer than the recent
   * average), and past the bound a quick 503 serves the client better than a long wait.
   */
  const wait = () =>
    new Promise<void>((resolve, reject) => {
      const entry = {
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(entry);
        if (at === -1) return;
        waiting.splice(at, 1);
        reject(serverBusy());
      }, options.maxWaitMs);
      waiting.push(entry);
    });

  app.addHook('onRequest', async (request, reply) => {
    if (!options.applies(request)) return;
    const expectedWaitMs = ((waiting.length + 1) * serviceMs) / options.maxInFlight;
    if (inFlight < options.maxInFlight) inFlight++;
    else if (waiting.length >= options.maxQueued || expectedWaitMs > options.maxWaitMs) {
      throw serverBusy();
    } else await wait();
    let held = true;
    const admittedAt = performance.now();
    const release = () => {
      if (!held) return;
      held = false;
      const took = performance.now() - admittedAt;
      serviceMs = serviceMs === 0 ? took : serviceMs * 0.9 + took * 0.1;
      pass();
    };
    releases.set(request, release);
    // Whichever comes first: the answer is sent, or the client went away (perhaps while it
    // waited, when 'close' has already fired and would never free the turn).
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
  });
  const release = async (request: FastifyRequest) => releases.get(request)?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
};
