/**
 * `GET /api/queue` at 100 connections on embedded PGlite (issue 22): every request must be
 * answered or refused with `503 server_busy` quickly, none left waiting. Prints the slowest
 * answer and p99 against the target, and how many were served and refused. 127.0.0.1 only,
 * bounded in time; the load runs in its own thread.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { benchConfig } from './bench-config';
import { signedInUser } from './bench-user';

const CONNECTIONS = 100;
const DURATION_S = Math.max(1, Math.round(Number(process.env.BENCH_MS ?? 5000) / 1000));
/** No request may wait longer than this for its answer, served or refused. */
const MAX_LATENCY_TARGET_MS = 2000;

export const runQueueBench = async () => {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hookreel-bench-queue-'));
  const config = benchConfig(dataDir, { kind: 'pglite', dir: null });
  const ctx = await buildApp(config, { logger: false });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const auth = await signedInUser(address, config, () => ctx.jobs.drain());
    const r = await autocannon({
      url: `${address}/api/queue`,
      headers: auth,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 30,
      workers: 1,
    });
    const busy = r.statusCodeStats?.['503']?.count ?? 0;
    console.log(
      `GET /api/queue on embedded PGlite, ${CONNECTIONS} connections, ${DURATION_S} s: ` +
        `slowest ${r.latency.max} ms (${(r.latency.max / MAX_LATENCY_TARGET_MS).toFixed(2)} of the ${MAX_LATENCY_TARGET_MS} ms target), ` +
        `p99 ${r.latency.p99} ms, p50 ${r.latency.p50} ms; ${r['2xx']} served, ${busy} refused 503 server_busy, ` +
        `${r.non2xx - busy} other non-2xx, ${r.timeouts} timeouts`,
    );
  } finally {
    await ctx.app.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
};

if (process.argv[1]?.endsWith('bench-queue.ts')) await runQueueBench();
