import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverClient } from './server-client';
import { serverCommand } from './server-command';
import { freePort } from './tiktok-sandbox-fixtures';
import { waitFor } from './wait-for';

/**
 * The real server (`main.ts`, PGlite in a temp DATA_DIR) as its own process, for tests that kill
 * it with SIGKILL and start it again on the same data: what an in-process test app cannot show.
 * `output` keeps all that every start printed; `close` kills what still runs, removes the data.
 */
export const createServerProcess = async (tempPrefix: string) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), tempPrefix));
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  // Empty database URLs: a PostgreSQL run of the suite must not move the server off PGlite.
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    LOG_LEVEL: 'info',
    STARTER_LIBRARY: 'false',
    TEST_DATABASE_URL: '',
    DATABASE_URL: '',
  };
  let server: ChildProcess | null = null;
  let output = '';

  const killAndWait = async (child: ChildProcess) => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };

  /**
   * Starts `main.ts` and resolves once it says it is running. `through: 'npm start'` starts it the
   * way the README does, so a signal meets npm and the start script before the server.
   */
  const start = async ({ through }: { through?: 'node' | 'npm start' } = {}) => {
    const [command, args] =
      through === 'npm start' ? ['npm', ['start', '--silent']] : serverCommand();
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server = child;
    // Only this start's line counts: the killed one printed the same before.
    const from = output.length;
    await waitFor('the server to listen', 90_000, async () => {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${output.slice(-3000)}`);
      return output.includes('Hookreel is running', from) ? true : null;
    });
  };

  const kill = async () => {
    if (!server) throw new Error('the server is not running');
    await killAndWait(server);
    server = null;
  };

  /** Sends SIGTERM and waits for the process to exit by itself; its exit code and how long. */
  const terminate = async () => {
    if (!server) throw new Error('the server is not running');
    const child = server;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const sent = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    server = null;
    return { code, ms: performance.now() - sent };
  };

  const close = async () => {
    if (server && server.exitCode === null) await killAndWait(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  const { call, ok, upload } = serverClient(appUrl);

  /** The pids the server's own log lines carry (pino writes one per line). */
  const loggedPids = () => [
    ...new Set([...output.matchAll(/"pid":(\d+)/g)].map((m) => Number(m[1]))),
  ];

  return {
    dataDir,
    loggedPids,
    appUrl,
    env,
    output: () => output,
    start,
    kill,
    terminate,
    close,
    call,
    ok,
    upload,
  };
};

export type ServerProcess = Awaited<ReturnType<typeof createServerProcess>>;
