import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSandboxInbox } from '#contract/tiktok-sandbox-inbox';
import type { TQueue } from '#contract/tiktok-posts';
import { readOutbox } from '../../adapters/mail/outbox-mailer';
import { loadConfig } from '../../config';
import { multipart, solidPng } from '../../testing/multipart';
import { consentInSandbox } from '../../testing/sandbox-consent';
import { freePort } from '../../testing/tiktok-sandbox-fixtures';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value, or fails with `what` after `ms`. */
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
 * The real server (`main.ts`, PGlite in a temp DATA_DIR) killed with SIGKILL while a carousel it
 * sent to the sandbox is still processing, then started again on the same data: the post must
 * still reach the inbox, and the sandbox must have received exactly one init. A server that lost
 * the post, or sent the init again on restart, fails here.
 */
describe('a carousel survives a crash of the server', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let appUrl: string;
  let server: ChildProcess | null = null;
  let output = '';

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-crash-'));
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

  /** Starts `main.ts` and resolves once it answers HTTP. */
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

  /** Signs a seller up, confirms the e-mail from the outbox, signs in. */
  const signedInSeller = async () => {
    const email = `crash-${Date.now()}@example.com`;
    const password = 'crash-password-1';
    await ok('POST', '/api/auth/sign-up/email', {}, { email, password, name: 'Crash Seller' });
    const mailDir = (() => {
      const mail = loadConfig(env).mail;
      return mail.kind === 'outbox' ? mail.dir : '';
    })();
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

  /** The local test checkout, as the pricing page's button and its form do it. */
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

  const connectSandboxAccount = async (headers: Record<string, string>) => {
    const { url } = await ok<{ url: string }>('POST', '/api/tiktok/auth/ticket', headers, {});
    const login = await call('GET', url, {});
    expect(login.status).toBe(302);
    const callback = await consentInSandbox(login.headers.get('location')!, {
      headers: headers as { authorization: string },
    });
    const landed = await call('GET', callback.pathname + callback.search, {});
    expect(landed.status).toBe(302);
    const inbox = await ok<TSandboxInbox>('GET', '/tiktok-sandbox/api/inbox', headers);
    expect(inbox.accounts).toHaveLength(1);
    return inbox.accounts[0]!.open_id;
  };

  const hostSlide = async (headers: Record<string, string>) => {
    const body = multipart([
      { field: 'image', filename: 's.png', type: 'image/png', data: await solidPng(1080, 1350) },
    ]);
    const res = await fetch(`${appUrl}/api/temp-images/upload`, {
      method: 'POST',
      headers: { origin: appUrl, ...headers, ...body.headers },
      body: body.payload,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  };

  const sandboxItems = async (headers: Record<string, string>) =>
    (await ok<TSandboxInbox>('GET', '/tiktok-sandbox/api/inbox', headers)).accounts.flatMap(
      (a) => a.items,
    );
  const ourPost = async (headers: Record<string, string>, publishId: string) =>
    (await ok<TQueue>('GET', '/api/queue', headers)).items.find(
      (i) => i.publish_id === publishId,
    ) ?? null;

  it('finishes the post after a SIGKILL, with one init at the sandbox', async () => {
    await start();
    const seller = await signedInSeller();
    await subscribe(seller);
    const openId = await connectSandboxAccount(seller);
    // The sandbox answers PROCESSING to this many status checks, so the post is mid-flight when
    // the server is killed, even on a busy machine where the first checks come before the kill.
    await ok('PUT', `/tiktok-sandbox/api/accounts/${openId}/switches`, seller, {
      rate_limited: false,
      pending_share_limit: false,
      picture_size_fails: false,
      token_expired: false,
      server_error: false,
      slow_polls: 6,
    });

    const init = await ok<{ data: { publish_id: string } }>(
      'POST',
      '/api/tiktok/photo/upload/init',
      seller,
      {
        title: 'Crash carousel',
        photo_images: [await hostSlide(seller), await hostSlide(seller)],
        idempotency_key: 'crash-key-1',
      },
    );
    const publishId = init.data.publish_id;
    // Kill once the sandbox holds the post (its own download done, so no sandbox job is cut
    // off) while our side has not yet learnt a final status.
    await waitFor('the sandbox to hold the post', 30_000, async () => {
      const item = (await sandboxItems(seller)).find((i) => i.publish_id === publishId);
      return item && item.status !== 'PROCESSING_DOWNLOAD' ? item : null;
    });
    const before = await ourPost(seller, publishId);
    expect(before?.state).not.toBe('in_inbox');
    await kill();

    await start();
    const after = await waitFor('the post to reach the inbox after restart', 120_000, async () => {
      const post = await ourPost(seller, publishId);
      if (post?.state === 'failed') throw new Error(`the post failed: ${JSON.stringify(post)}`);
      return post?.state === 'in_inbox' ? post : null;
    });
    expect(after.publish_id).toBe(publishId);
    const received = await sandboxItems(seller);
    expect(received).toHaveLength(1);
    expect(received[0]!.publish_id).toBe(publishId);
    expect(received[0]!.status).toBe('SEND_TO_USER_INBOX');
    expect(received[0]!.media_urls).toHaveLength(2);
  }, 240_000);
});
