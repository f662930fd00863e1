import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntitlements } from '#contract/entitlements';
import type { TRenderEdit, TRenderStatusResponse, TRenderSubmitResponse } from '#contract/render';
import { readOutbox } from '../../adapters/mail/outbox-mailer';
import { loadConfig } from '../../config';
import { probeVideo } from '../../media/canonical-video';
import { multipart, solidPng } from '../../testing/multipart';
import { freePort } from '../../testing/tiktok-sandbox-fixtures';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitFor = async <T>(what: string, ms: number, probe: () => Promise<T | null>) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(150);
  }
};

/**
 * The real server (`main.ts`, PGlite in a temp DATA_DIR) killed with SIGKILL while ffmpeg is
 * rendering, then started again on the same data: the render must finish after the restart,
 * exactly once (one "render done", one stored result) and be charged exactly once.
 */
describe('a render survives a crash of the server', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let appUrl: string;
  let server: ChildProcess | null = null;
  let output = '';

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-render-crash-'));
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    env = {
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
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGKILL');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server = child;
    const from = output.length;
    await waitFor('the server to listen', 90_000, async () => {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${output.slice(-3000)}`);
      return output.includes('Hookreel is running', from) ? true : null;
    });
  };

  const kill = async () => {
    const child = server!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    server = null;
  };

  const call = async (
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const res = await fetch(`${appUrl}${url}`, {
      method,
      headers: {
        origin: appUrl,
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const ok = async <T>(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const res = await call(method, url, headers, body);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return JSON.parse(res.text) as T;
  };

  const signedInSeller = async () => {
    const email = `render-crash-${Date.now()}@example.com`;
    const password = 'crash-password-1';
    await ok('POST', '/api/auth/sign-up/email', {}, { email, password, name: 'Crash Seller' });
    const mail = loadConfig(env).mail;
    const mailDir = mail.kind === 'outbox' ? mail.dir : '';
    const link = await waitFor('the confirmation e-mail', 30_000, async () => {
      const message = (await readOutbox(mailDir)).find((m) => m.to === email);
      return message?.links[0] ?? null;
    });
    const confirm = new URL(link);
    await call('GET', confirm.pathname + confirm.search, {});
    const { token } = await ok<{ token: string }>(
      'POST',
      '/api/auth/sign-in/email',
      {},
      { email, password },
    );
    return { authorization: `Bearer ${token}` };
  };

  const subscribe = async (headers: Record<string, string>) => {
    const res = await call('POST', '/api/billing/create-checkout-session', headers, {
      plan: 'plus',
      trial: false,
    });
    expect(res.status, res.text).toBe(200);
    const url = new URL((JSON.parse(res.text) as { url: string }).url, appUrl);
    const cookie = (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    const done = await call('POST', `${url.pathname}/complete`, { cookie });
    expect(done.status, done.text).toBe(303);
  };

  const hostImage = async (headers: Record<string, string>, colour: string) => {
    const body = multipart([
      {
        field: 'image',
        filename: 'c.png',
        type: 'image/png',
        data: await solidPng(720, 1280, colour),
      },
    ]);
    const res = await fetch(`${appUrl}/api/temp-images/upload`, {
      method: 'POST',
      headers: { origin: appUrl, ...headers, ...body.headers },
      body: body.payload,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  };

  const statusOf = (headers: Record<string, string>, id: string) =>
    ok<TRenderStatusResponse>('GET', `/api/shotstack/status/${id}`, headers).then(
      (r) => r.response,
    );

  it('finishes the render after a SIGKILL mid-render, once, charged once', async () => {
    await start();
    const seller = await signedInSeller();
    await subscribe(seller);
    const character = await hostImage(seller, '#2050a0');
    const product = await hostImage(seller, '#a02050');
    // Stills are encoded, never copied: 20 s of 1080x1920 keeps ffmpeg busy long enough to kill.
    const edit: TRenderEdit = {
      timeline: {
        tracks: [
          { clips: [{ asset: { type: 'text', text: 'Crash-proof hook' }, start: 0, length: 15 }] },
          {
            clips: [
              { asset: { type: 'image', src: character }, start: 0, length: 15 },
              { asset: { type: 'image', src: product }, start: 15, length: 5 },
            ],
          },
        ],
      },
      output: { format: 'mp4', size: { width: 1080, height: 1920 }, fps: 30 },
    };
    const { response } = await ok<TRenderSubmitResponse>(
      'POST',
      '/api/shotstack/render?idempotencyKey=crash-render-1',
      seller,
      edit,
    );
    await waitFor('ffmpeg to be rendering', 60_000, async () =>
      (await statusOf(seller, response.id)).status === 'rendering' ? true : null,
    );
    await sleep(1000);
    await kill();
    expect(output).not.toContain('render: render done');

    await start();
    // Submitting again with the same key is the same render, not a second one.
    const again = await ok<TRenderSubmitResponse>(
      'POST',
      '/api/shotstack/render?idempotencyKey=crash-render-1',
      seller,
      edit,
    );
    expect(again.response.id).toBe(response.id);
    const done = await waitFor('the render to finish after the restart', 180_000, async () => {
      const now = await statusOf(seller, response.id);
      if (now.status === 'failed') throw new Error(`the render failed: ${now.error}`);
      return now.status === 'done' ? now : null;
    });
    expect(output.match(/render: render done/g)).toHaveLength(1);
    const entitlements = await ok<TEntitlements>('GET', '/api/entitlements', seller);
    expect(entitlements.used).toBe(1);

    const video = await fetch(done.url!);
    expect(video.status).toBe(200);
    const file = path.join(dataDir, 'rendered.mp4');
    await fs.writeFile(file, Buffer.from(await video.arrayBuffer()));
    const facts = await probeVideo(file, { path: null, searchPath: process.env.PATH ?? '' });
    expect(facts.durationSec).toBeGreaterThan(19.9);
    expect(facts.durationSec).toBeLessThan(20.2);
    // One stored result, under the render's own key.
    const stored = await fs.readdir(path.join(dataDir, 'storage'), { recursive: true });
    expect(
      stored.filter((f) => String(f).includes('/renders/') && String(f).endsWith('.mp4')),
    ).toHaveLength(1);
  }, 300_000);
});
