/**
 * The readers of `npm run bench:scale`, in a process of their own (decision 203's amendment): at
 * 1,000 reads a second, when answers slowed, the readers' catch-up sends on the bench's one thread
 * starved the balancer beside them (connections to it timed out, the bench ran out of file
 * descriptors), and with it the workers' calls to the TikTok sandbox through APP_URL. Started by
 * the bench with `fork`; takes one order, answers with its figures and exits.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type ReadsOrder = {
  appUrl: string;
  /** Each seller's bearer header. */
  sellers: Record<string, string>[];
  perSecond: number;
  /** How long to read; null: until told `stop`. */
  seconds: number | null;
};

export type ReadsFigures = {
  latencies: number[];
  errors: number;
  /** The balancer's own 502s (no body): their cause is in its record. */
  cutOff: number;
  sent: number;
  errorKinds: string;
  /** The readers' own event loop delay, p99 and max, in ms. */
  lag: string;
};

const READS = [
  '/api/auth/user',
  '/api/entitlements',
  '/api/products',
  '/api/drafts?limit=8&summary=true',
];

/** The contract code of an answer's `{ error, code }` envelope, or what the body was instead. */
const codeOf = (text: string) => {
  try {
    return String((JSON.parse(text) as { code?: unknown }).code ?? 'no code');
  } catch {
    return text === '' ? 'empty body' : 'not JSON';
  }
};

/** A call that got no answer: the connection's error (ECONNRESET, EMFILE, …). */
const failureOf = (error: unknown) => {
  if (!(error instanceof Error)) return 'error';
  return [error.name, (error as NodeJS.ErrnoException).code ?? error.message].join(' ');
};

/**
 * At most this many connections to the balancer, kept alive, as a few hundred browsers hold
 * theirs. A read due while all are busy waits in the agent's queue, and that wait counts in its
 * time. Reads were once a `fetch` each with no bound: about 0.49 ms of this process's CPU a read
 * (0.17 ms through node:http with a kept-alive agent), half a core at 1,000 reads a second taken
 * from the 2-core deployment it measures, and when answers slowed the open connections grew until
 * the process ran out of file descriptors (decision 203, its last amendment).
 */
const CONNECTIONS = 256;

/** A GET of `path` as a signed-in browser on `appUrl` makes it: status and body. */
const reader = (appUrl: string) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  return (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.get(`${appUrl}${path}`, { agent, headers: { origin: appUrl, ...headers } });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
};

/**
 * Reads at a fixed rate (open loop: a slow answer does not slow the sending), each a random
 * seller's read of one of the four. Latencies of the answered reads; errors by kind.
 */
const readAtRate = ({ appUrl, sellers, perSecond, seconds }: ReadsOrder) => {
  const read = reader(appUrl);
  let stopped = false;
  const latencies: number[] = [];
  let errors = 0;
  let cutOff = 0;
  const errorKinds = new Map<string, number>();
  const failed = (kind: string) => {
    errors += 1;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };
  const inFlight = new Set<Promise<void>>();
  const one = async () => {
    const seller = sellers[Math.floor(Math.random() * sellers.length)]!;
    const path = READS[Math.floor(Math.random() * READS.length)]!;
    const started = performance.now();
    try {
      const res = await read(path, seller);
      if (res.status === 200) latencies.push(performance.now() - started);
      // The balancer's own 502 has no body; an API process's answers always carry the envelope,
      // whose code says what they were.
      else if (res.status === 502 && res.text === '') cutOff += 1;
      else failed(`${res.status} ${codeOf(res.text)}`);
    } catch (error) {
      failed(failureOf(error));
    }
  };
  let sent = 0;
  // How late this loop ran says how much of a read's time was the readers' own, not the API's.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const done = new Promise<ReadsFigures>((resolve) => {
    const started = Date.now();
    // What the rate owes by now, whenever the timer gets to run: a busy event loop sends late,
    // never fewer.
    const timer = setInterval(() => {
      const owed = Math.floor(((Date.now() - started) / 1000) * perSecond) - sent;
      for (let i = 0; i < owed; i++, sent++) {
        const p = one().finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      if (stopped || (seconds !== null && Date.now() - started >= seconds * 1000)) {
        clearInterval(timer);
        void Promise.all(inFlight).then(() => {
          lag.disable();
          resolve({
            latencies,
            errors,
            cutOff,
            sent,
            errorKinds: [...errorKinds].map(([kind, n]) => `${n} × ${kind}`).join(', '),
            lag: `p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms, max ${(lag.max / 1e6).toFixed(0)} ms`,
          });
        });
      }
    }, 10);
  });
  return {
    done,
    stop: () => {
      stopped = true;
    },
  };
};

if (process.send) {
  process.once('message', (order: ReadsOrder) => {
    const reads = readAtRate(order);
    process.on('message', (message) => {
      if (message === 'stop') reads.stop();
    });
    void reads.done.then((figures) => process.send!(figures, () => process.exit(0)));
  });
}
