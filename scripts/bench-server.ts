/**
 * The server the API bench loads, in a process of its own (forked by bench-api.ts), so its RSS is
 * the server's alone and its event loop serves nothing but the load. A Fastify hello-world listens beside
 * it for comparison. It signs a user up, seeds a
 * product and a hub's worth of drafts, then answers the parent over IPC: `{ address, auth }` once
 * ready, `{ rss }` when asked, and closes on `close`.
 *
 * With `cold` as its second argument it serves as a deployment does for hundreds of sellers, whose
 * reads rarely share an answer: no read or session cache, so every read reaches the database, and
 * the request lines written at info, synchronously, as pino writes to standard output (to
 * /dev/null here).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import { loggerOptions } from '../src/server/plugins/logger-options';
import { benchConfig } from './bench-config';
import { signedInUser } from './bench-user';

export type BenchServerMessage =
  | { kind: 'ready'; address: string; helloAddress: string; auth: Record<string, string> }
  | { kind: 'rss'; rss: number };

const database = JSON.parse(process.argv[2] ?? '{}') as Config['database'];
const cold = process.argv[3] === 'cold';
const send = (message: BenchServerMessage) => process.send?.(message);

/** A product and a hub's worth of drafts, so the reads return what a first week holds. */
const seed = async (address: string, auth: Record<string, string>) => {
  const headers = { ...auth, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${address}${url}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${await res.text()}`);
  };
  await post('/api/products', {
    name: 'Bench Mug',
    description: 'A mug that keeps tea warm for hours.',
  });
  for (let i = 0; i < 8; i++) await post('/api/drafts', { type: i % 2 ? 'video' : 'carousel' });
};

const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hookreel-bench-api-'));
const config = benchConfig(dataDir, database);
if (cold) config.limits.sessionCacheMs = 0;
// Only the cold server writes its request lines, as a deployment does; the warm one logs nothing.
const devNull = cold ? fs.openSync('/dev/null', 'w') : null;
const ctx = await buildApp(
  config,
  cold
    ? {
        logger: {
          ...loggerOptions('info'),
          stream: { write: (line: string) => fs.writeSync(devNull!, line) },
        },
        readCacheMs: 0,
      }
    : { logger: false },
);
const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const auth = await signedInUser(address, config, () => ctx.jobs.drain());
await seed(address, auth);
await ctx.jobs.drain();

// A Fastify hello-world beside it: what the bare route would cost with none of the app's hooks.
const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ ok: true }));
const helloAddress = await hello.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (message) => {
  if (message === 'rss') {
    global.gc?.();
    send({ kind: 'rss', rss: process.memoryUsage().rss });
  } else if (message === 'close') {
    await hello.close();
    await ctx.app.close();
    if (devNull !== null) fs.closeSync(devNull);
    await fsp.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
send({ kind: 'ready', address, helloAddress, auth });
