/**
 * `npm run bench`: throughput of the account routes against a bare route on the same server,
 * and the landing page's gzipped JavaScript. Prints figures and ratios; asserts nothing.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../src/server/app';
import { benchConfig } from './bench-config';
import { runAiBench } from './bench-ai';
import { runFirstStartBench } from './bench-first-start';
import { runJobsBench } from './bench-jobs';
import { runLoadBench } from './bench-load';
import { runSlidesBench } from './bench-slides';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = 16;

const measure = async (url: string, headers: Record<string, string>) => {
  let done = 0;
  let failed = 0;
  const deadline = Date.now() + DURATION_MS;
  const worker = async () => {
    while (Date.now() < deadline) {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.ok) done++;
      else failed++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { rps: (done / (Date.now() - started)) * 1000, failed };
};

const landingJsGzip = () => {
  const dir = path.resolve('dist/web');
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const buf = fs.readFileSync(path.join(dir, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
};

const main = async () => {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hookreel-bench-'));
  const config = benchConfig(dataDir, { kind: 'pglite', dir: null });
  const ctx = await buildApp(config, { logger: false });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const email = 'bench@example.com';
    const password = 'bench-password-1';
    const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bench.local' },
      body: JSON.stringify({ email, password, name: 'Bench User' }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${await signUp.text()}`);
    await ctx.jobs.drain();
    // Confirm directly through better-auth's verification link in the outbox.
    const { readOutbox } = await import('../src/server/adapters/mail/outbox-mailer');
    const dir = config.mail.kind === 'outbox' ? config.mail.dir : '';
    const link = (await readOutbox(dir))[0]!.links[0]!;
    const u = new URL(link);
    await fetch(`${address}${u.pathname}${u.search}`, { redirect: 'manual' });
    const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bench.local' },
      body: JSON.stringify({ email, password }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    await measure(`${address}/api/health`, {}); // warm-up
    const bare = await measure(`${address}/api/health`, {});
    const user = await measure(`${address}/api/auth/user`, auth);
    const entitlements = await measure(`${address}/api/entitlements`, auth);

    const row = (name: string, r: { rps: number; failed: number }) =>
      `${name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s   ratio to bare ${(r.rps / bare.rps).toFixed(3)}${r.failed ? `   (${r.failed} failed)` : ''}`;
    console.log(
      `Throughput on embedded PGlite, ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each:`,
    );
    console.log(row('GET /api/health (bare)', bare));
    console.log(row('GET /api/auth/user', user));
    console.log(row('GET /api/entitlements', entitlements));
  } finally {
    await ctx.app.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }

  const js = landingJsGzip();
  if (js) {
    console.log(
      `Landing page JavaScript: ${js.files} file(s), ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gz / 1024).toFixed(1)} KiB gzipped`,
    );
  } else {
    console.log('Landing page JavaScript: no build found (run npm run build first)');
  }
};

// A newcomer's first `npm start` and a second one, first: on a quiet machine.
await runFirstStartBench();
await main();
// The AI layer's figures (local writer against the 300 ms target) in the same run.
await runAiBench();
// Slide rendering (server and headless Chromium, 8 slides + zip) against its targets.
await runSlidesBench();
// A burst of queued jobs drained per second, on PGlite and PostgreSQL.
await runJobsBench();
// The four API reads at 200 connections on PGlite (and PostgreSQL) against the 1 s p99 target.
await runLoadBench();
