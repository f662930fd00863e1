/**
 * The four API reads the app makes on every screen, at 200 connections, on embedded PGlite and
 * (when BENCH_DATABASE_URL or TEST_DATABASE_URL is reachable) on PostgreSQL. Prints p99 and
 * throughput against a bare route measured in the same run and against the 1 s p99 target.
 * Traffic goes to 127.0.0.1 only and each run is bounded in time.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { LOCAL_POSTGRES_URL, tryScratchDatabase } from '../src/server/testing/scratch-database';
import { benchConfig } from './bench-config';
import { signedInUser } from './bench-user';
import type { Config } from '../src/server/config';

const CONNECTIONS = 200;
const DURATION_S = Math.max(1, Math.round(Number(process.env.BENCH_MS ?? 3000) / 1000));
const P99_TARGET_MS = 1000;
const READS = [
  '/api/auth/user',
  '/api/entitlements',
  '/api/products',
  '/api/drafts?limit=8&summary=true',
];

type Result = { p99: number; rps: number; non2xx: number; timeouts: number };

const load = async (url: string, headers: Record<string, string>): Promise<Result> => {
  const r = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 30,
    // The load comes from its own thread, so the server's event loop is the server's alone.
    workers: 1,
  });
  return { p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, timeouts: r.timeouts };
};

const runOn = async (label: string, database: Config['database']) => {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hookreel-bench-load-'));
  const config = benchConfig(dataDir, database);
  const ctx = await buildApp(config, { logger: false });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const auth = await signedInUser(address, config, () => ctx.jobs.drain());
    await load(`${address}/api/health`, {}); // warm-up
    const bare = await load(`${address}/api/health`, {});
    console.log(
      `Load on ${label}, ${CONNECTIONS} connections, ${DURATION_S} s per route (p99 target ${P99_TARGET_MS} ms):`,
    );
    const row = (name: string, r: Result) =>
      `${name.padEnd(34)} p99 ${String(r.p99).padStart(5)} ms (${(r.p99 / P99_TARGET_MS).toFixed(2)} of target)  ${r.rps.toFixed(0).padStart(6)} req/s (${(r.rps / bare.rps).toFixed(3)} of bare)` +
      (r.non2xx || r.timeouts ? `  [${r.non2xx} non-2xx, ${r.timeouts} timeouts]` : '');
    console.log(row('GET /api/health (bare)', bare));
    for (const read of READS)
      console.log(row(`GET ${read}`, await load(`${address}${read}`, auth)));
  } finally {
    await ctx.app.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
};

export const runLoadBench = async () => {
  await runOn('embedded PGlite', { kind: 'pglite', dir: null });
  const postgres = await tryScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    'hookreel_bench',
  );
  if (!postgres) {
    console.log('Load on PostgreSQL: skipped (set BENCH_DATABASE_URL to a reachable server)');
    return;
  }
  try {
    await runOn('PostgreSQL', { kind: 'postgres', url: postgres.url });
  } finally {
    await postgres.drop();
  }
};
