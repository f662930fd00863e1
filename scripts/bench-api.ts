/**
 * API section of `npm run bench` (issue 11's speed targets): the four reads every screen makes,
 * each as a ratio of the bare route's throughput measured in the same run (target ≥ 0.40), on
 * PGlite and on PostgreSQL when reachable; the bare route against a Fastify hello-world in the
 * same server process (target within 1.5×); p99 at 100 connections on PostgreSQL (target
 * < 20 ms); and the server process's RSS idle and after the load. Then, on PostgreSQL, the same
 * reads as hundreds of sellers make them, every one from the database (bench-server.ts's `cold`:
 * no read or session cache, request lines written), against the bare route of that server
 * (target ≥ 0.125: a read costs at most eight bare requests, so 1,000 reads a second fit in about
 * half a core of this 2-core machine's API process; decision 258). The server runs in a process
 * of its own (bench-server.ts), the load comes from autocannon in a thread of this one, to
 * 127.0.0.1 only, bounded in time. Prints figures; asserts nothing.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Config } from '../src/server/config';
import { LOCAL_POSTGRES_URL, tryScratchDatabase } from '../src/server/testing/scratch-database';
import type { BenchServerMessage } from './bench-server';

const DURATION_S = Math.max(1, Math.round(Number(process.env.BENCH_MS ?? 3000) / 1000));
const THROUGHPUT_CONNECTIONS = 16;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const LATENCY_CONNECTIONS = 100;
const RATIO_TARGET = 0.4;
const COLD_RATIO_TARGET = 0.125;
const HELLO_TARGET = 1.5;
const P99_TARGET_MS = 20;
const API_READS = [
  '/api/auth/user',
  '/api/entitlements',
  '/api/products',
  '/api/drafts?limit=8&summary=true',
];

type Result = { rps: number; p99: number; errors: number };

const load = async (
  url: string,
  headers: Record<string, string>,
  connections = THROUGHPUT_CONNECTIONS,
): Promise<Result> => {
  const r = await autocannon({ url, headers, connections, duration: DURATION_S, workers: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
};

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Starts bench-server.ts on `database`; resolves once it has signed in and seeded. */
const startServer = (database: Config['database'], cold: boolean) => {
  const child = fork(
    path.join(import.meta.dirname, 'bench-server.ts'),
    [JSON.stringify(database), cold ? 'cold' : 'warm'],
    {
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
      ],
    },
  );
  const next = <K extends BenchServerMessage['kind']>(kind: K) =>
    new Promise<Extract<BenchServerMessage, { kind: K }>>((resolve, reject) => {
      const onMessage = (m: BenchServerMessage) => {
        if (m.kind !== kind) return;
        child.off('message', onMessage);
        child.off('exit', reject);
        resolve(m as Extract<BenchServerMessage, { kind: K }>);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
  return {
    ready: next('ready'),
    rss: async () => {
      const answer = next('rss');
      child.send('rss');
      return (await answer).rss;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
};

// Each ratio is taken from a pair measured back to back, so the other work on a shared machine
// weighs on both alike, and ROUNDS pairs give the median: one pair can land on a burst of someone
// else's work and swing either way.
const pairs = async (first: () => Promise<Result>, second: () => Promise<Result>) => {
  const runs: Array<{ a: Result; b: Result }> = [];
  for (let i = 0; i < ROUNDS; i++) runs.push({ a: await first(), b: await second() });
  runs.sort((x, y) => x.b.rps / x.a.rps - y.b.rps / y.a.rps);
  return runs[Math.floor(runs.length / 2)]!;
};

const row = (name: string, r: Result, extra: string) =>
  `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${extra}` +
  (r.errors ? `  [${r.errors} errors]` : '');

/** The four reads against the bare route of the same server, as `ratio of bare`. */
const readsAgainstBare = async (address: string, auth: Record<string, string>, target: number) => {
  const bare = () => load(`${address}/api/health`, {});
  for (const read of API_READS) {
    const { a: before, b: r } = await pairs(bare, () => load(`${address}${read}`, auth));
    const ratio = r.rps / before.rps;
    console.log(
      row(
        `GET ${read}`,
        r,
        `${ratio.toFixed(3)} of bare (${before.rps.toFixed(0)} req/s; target ≥ ${target})`,
      ),
    );
  }
};

/** PostgreSQL with every read from the database: what hundreds of sellers' reads cost. */
const runCold = async (database: Config['database']) => {
  const server = startServer(database, true);
  try {
    const { address, auth } = await server.ready;
    // Warm-up, as for the cached reads.
    await load(`${address}/api/health`, {});
    for (const read of API_READS) await load(`${address}${read}`, auth);
    console.log(
      `API reads on PostgreSQL, each from the database (no read or session cache, request lines written), ${THROUGHPUT_CONNECTIONS} connections, ${DURATION_S} s each, median of ${ROUNDS} pairs:`,
    );
    await readsAgainstBare(address, auth, COLD_RATIO_TARGET);
  } finally {
    await server.close();
  }
};

const runOn = async (label: string, database: Config['database']) => {
  const server = startServer(database, false);
  try {
    const { address, helloAddress, auth } = await server.ready;
    const idleRss = await server.rss();
    // Warm-up: every route once, so the figures below are not the JIT's first minutes.
    await load(`${helloAddress}/hello`, {});
    await load(`${address}/api/health`, {});
    for (const read of API_READS) await load(`${address}${read}`, auth);
    const bare = () => load(`${address}/api/health`, {});
    console.log(
      `API reads on ${label}, ${THROUGHPUT_CONNECTIONS} connections, ${DURATION_S} s each, median of ${ROUNDS} pairs (target ≥ ${RATIO_TARGET} of the bare route measured just before):`,
    );
    const helloPair = await pairs(bare, () => load(`${helloAddress}/hello`, {}));
    console.log(row('GET /api/health (bare)', helloPair.a, ''));
    console.log(
      row(
        'GET /hello (Fastify hello-world)',
        helloPair.b,
        `${(helloPair.b.rps / helloPair.a.rps).toFixed(2)}× the bare route (target ≤ ${HELLO_TARGET}×)`,
      ),
    );
    await readsAgainstBare(address, auth, RATIO_TARGET);
    if (database.kind === 'postgres') {
      console.log(
        `API reads on ${label}, ${LATENCY_CONNECTIONS} connections, median of ${ROUNDS} runs (p99 target < ${P99_TARGET_MS} ms):`,
      );
      for (const read of API_READS) {
        const runs: Result[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          runs.push(await load(`${address}${read}`, auth, LATENCY_CONNECTIONS));
        }
        const r = runs.sort((x, y) => x.p99 - y.p99)[Math.floor(runs.length / 2)]!;
        console.log(row(`GET ${read}`, r, `${(r.p99 / P99_TARGET_MS).toFixed(2)} of target`));
      }
    }
    console.log(
      `  server RSS on ${label}: ${mib(idleRss)} idle, ${mib(await server.rss())} after the load`,
    );
  } finally {
    await server.close();
  }
};

/** Runs `run` on a scratch PostgreSQL database, dropped afterwards; false when none is reachable. */
const onScratchPostgres = async (run: (database: Config['database']) => Promise<void>) => {
  const scratch = await tryScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    'hookreel_bench',
  );
  if (!scratch) return false;
  try {
    await run({ kind: 'postgres', url: scratch.url });
  } finally {
    await scratch.drop();
  }
  return true;
};

export const runApiBench = async () => {
  await runOn('embedded PGlite', { kind: 'pglite', dir: null });
  if (!(await onScratchPostgres((database) => runOn('PostgreSQL', database)))) {
    console.log('API reads on PostgreSQL: skipped (set BENCH_DATABASE_URL to a reachable server)');
    return;
  }
  await onScratchPostgres(runCold);
};

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await runApiBench();
}
