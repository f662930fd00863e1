import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaign, TCampaignItem } from '#contract/campaigns';
import type { TSandboxInbox } from '#contract/tiktok-sandbox-inbox';
import type { TQueue } from '#contract/tiktok-posts';
import { readOutbox } from '../../adapters/mail/outbox-mailer';
import { loadConfig } from '../../config';
import { multipart, solidPng } from '../../testing/multipart';
import { consentInSandbox } from '../../testing/sandbox-consent';
import { freePort } from '../../testing/tiktok-sandbox-fixtures';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitFor = async <T>(
  what: string,
  ms: number,
  probe: () => Promise<T | null>,
  every = 150,
) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(every);
  }
};

/**
 * The real server (`main.ts`, PGlite) killed with SIGKILL while it is sending a scheduled
 * campaign item (claimed, slides rendering or the post being made), then started again on the
 * same data: the item must still reach the sandbox inbox, exactly once.
 */
describe('a scheduled campaign item survives a crash mid-send', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let appUrl: string;
  let server: ChildProcess | null = null;
  let output = '';

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-campaign-crash-'));
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

  /** Signed up, confirmed, on the plus plan through the local checkout, TikTok connected. */
  const readySeller = async () => {
    const email = `campaign-crash-${Date.now()}@example.com`;
    const password = 'crash-password-1';
    await ok('POST', '/api/auth/sign-up/email', {}, { email, password, name: 'Crash Seller' });
    const mail = loadConfig(env).mail;
    const link = await waitFor('the confirmation e-mail', 30_000, async () => {
      const message = (await readOutbox(mail.kind === 'outbox' ? mail.dir : '')).find(
        (m) => m.to === email,
      );
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
    const headers = { authorization: `Bearer ${token}` };

    const checkout = await call('POST', '/api/billing/create-checkout-session', headers, {
      plan: 'plus',
      trial: false,
    });
    const url = new URL((JSON.parse(checkout.text) as { url: string }).url, appUrl);
    const cookie = (checkout.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    expect((await call('POST', `${url.pathname}/complete`, { cookie })).status).toBe(303);

    const ticket = await ok<{ url: string }>('POST', '/api/tiktok/auth/ticket', headers, {});
    const login = await call('GET', ticket.url, {});
    const callback = await consentInSandbox(login.headers.get('location')!, { headers });
    expect((await call('GET', callback.pathname + callback.search, {})).status).toBe(302);
    return headers;
  };

  /** Slide backgrounds uploaded to the seller's own images. */
  const uploadImages = async (headers: Record<string, string>, count: number) => {
    const body = multipart(
      await Promise.all(
        Array.from({ length: count }, async (_, i) => ({
          filename: `bg${i}.png`,
          data: await solidPng(900, 900, `#${(0x203040 + i * 0x151515).toString(16).slice(-6)}`),
        })),
      ),
    );
    const res = await fetch(`${appUrl}/api/carousel-images/upload`, {
      method: 'POST',
      headers: { origin: appUrl, ...headers, ...body.headers },
      body: body.payload,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { urls: string[] }).urls;
  };

  const inbox = async (headers: Record<string, string>) =>
    (await ok<TSandboxInbox>('GET', '/tiktok-sandbox/api/inbox', headers)).accounts.flatMap(
      (a) => a.items,
    );

  it('sends the item once after a SIGKILL during its send', async () => {
    await start();
    const seller = await readySeller();
    const product = await ok<{ id: string }>('POST', '/api/products', seller, {
      name: 'GlowDrop Vitamin C Serum',
      description: 'A lightweight vitamin C serum that brightens dull skin in 2 weeks. $24.',
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const campaign = await ok<TCampaign>('POST', '/api/campaigns', seller, {
      name: 'Crash week',
      productId: product.id,
      startDate: tomorrow,
      endDate: later,
      timezone: 'UTC',
      cadenceHours: 24,
      scheduleMode: 'interval',
      customDates: [],
      goal: '',
    });
    const { items } = await ok<{ items: TCampaignItem[] }>(
      'POST',
      `/api/campaigns/${campaign.id}/generate-plan`,
      seller,
    );
    // Any three slots in a row hold a carousel (the strategies rotate).
    const item = items.find((i) => i.type === 'carousel')!;
    const base = `/api/campaigns/${campaign.id}/items/${item.id}`;
    // Many slides, so the server spends a few seconds rendering: the crash lands inside the send.
    const images = await uploadImages(seller, 4);
    const slides = Array.from({ length: 16 }, (_, i) => ({
      text: `Slide ${i + 1}: brighter skin`,
      imageUrl: images[i % 4]!,
    }));
    await ok('PATCH', base, seller, { carouselPlan: { slides }, caption: 'Glow week' });
    await ok('PATCH', base, seller, { dateScheduled: new Date(Date.now() + 3000).toISOString() });

    const during = await waitFor(
      'the send to start',
      30_000,
      async () => {
        const current = await ok<TCampaignItem>('GET', `/api/campaign-items/${item.id}`, seller);
        const status = current.lastJob?.status;
        if (status === 'done' || status === 'failed')
          throw new Error(`finished before the crash: ${JSON.stringify(current.lastJob)}`);
        return status === 'rendering' || status === 'sending' ? status : null;
      },
      20,
    );
    await kill();
    expect(['rendering', 'sending']).toContain(during);

    await start();
    const after = await waitFor(
      'the item to be sent after the restart',
      240_000,
      async () => {
        const current = await ok<TCampaignItem>('GET', `/api/campaign-items/${item.id}`, seller);
        if (current.lastJob?.status === 'failed') throw new Error(JSON.stringify(current.lastJob));
        return current.lastJob?.status === 'done' ? current : null;
      },
      1000,
    );
    expect(after.lastJob?.status).toBe('done');
    const received = await inbox(seller);
    expect(received).toHaveLength(1);
    expect(received[0]!.status).toBe('SEND_TO_USER_INBOX');
    expect(received[0]!.media_urls).toHaveLength(16);
    const queue = await ok<TQueue>('GET', '/api/queue', seller);
    expect(queue.items.filter((i) => i.type === 'tiktok-post')).toHaveLength(1);
  }, 420_000);
});
