import { AppError, serverBusy } from '../../errors';

export type MediaProxyLimits = {
  /** The whole proxied fetch (every hop, headers and body) ends by then. */
  timeoutMs: number;
  /** Counted as the bytes arrive; more is 413. */
  maxBytes: number;
  /** Proxied requests served at once, across all clients; one more is 503 server_busy. */
  maxInFlight: number;
  /** Proxied requests one client address may have open at once; one more is 429 rate_limited. */
  maxPerAddress: number;
};

/**
 * Decision 066: the proxies fetch from strangers' hosts, so they get their own small budget
 * instead of the API's admission gate, whose few turns (4 on PGlite) are for requests that reach
 * the database. Memory held at once is at most `maxInFlight × maxBytes`.
 */
export const MEDIA_PROXY_LIMITS: MediaProxyLimits = {
  timeoutMs: 30_000,
  maxBytes: 256 * 1024 * 1024,
  maxInFlight: 4,
  maxPerAddress: 2,
};

const RETRY_AFTER_SECONDS = 5;

/**
 * Counts proxied requests in flight, in total and per client address. `take` answers a release
 * function (safe to call more than once) or throws the refusal the client sees.
 */
export const createMediaProxyBudget = (
  limits: Pick<MediaProxyLimits, 'maxInFlight' | 'maxPerAddress'>,
) => {
  let inFlight = 0;
  const perAddress = new Map<string, number>();
  return {
    take: (address: string): (() => void) => {
      const mine = perAddress.get(address) ?? 0;
      if (mine >= limits.maxPerAddress) {
        throw new AppError(
          'rate_limited',
          'Too many media requests from this address at once. Try again in a few seconds.',
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        );
      }
      if (inFlight >= limits.maxInFlight) {
        throw serverBusy(RETRY_AFTER_SECONDS);
      }
      inFlight++;
      perAddress.set(address, mine + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        inFlight--;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      };
    },
    inFlight: () => inFlight,
  };
};

export type MediaProxyBudget = ReturnType<typeof createMediaProxyBudget>;
