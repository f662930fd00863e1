import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEntitlements } from '#contract/entitlements';
import { buildHookDemoEdit } from '#contract/hook-demo';
import type { TRenderStatusResponse } from '#contract/render';
import { renders, usageEvents, users } from '../../db/schema';
import { loopbackAttackers } from '../../testing/render-attack';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Issue 22: 20 renders submitted at once with 15 credits left rendered 16 on PostgreSQL and threw
 * one away. The credit is now held at submit (decision 072): exactly 15 start, 5 are refused
 * before any work, the credits shown count the held ones, and a failed render gives its back.
 */
let t: TestApp;
let release: () => void = () => undefined;
let server: http.Server;
let clipUrl: string;
let hits = 0;

beforeAll(async () => {
  t = await createTestApp({}, { build: { outboundAllowLocal: loopbackAttackers } });
  // The clips hang until the test lets them go (then: 404), so every accepted render is still in
  // flight while the submits race, and fails afterwards.
  const gate = new Promise<void>((resolve) => (release = resolve));
  server = http.createServer((_req, res) => {
    hits++;
    void gate.then(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  clipUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clip.mp4`;
}, 60_000);
afterAll(async () => {
  release();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const credits = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/entitlements', headers })).json<TEntitlements>();

describe('a render holds its credit from submit', () => {
  it('starts exactly as many renders as credits are left, and gives a failed one’s back', async () => {
    const user = await t.createUser();
    await t.db.db
      .update(users)
      .set({ plan: 'basic', subscriptionStatus: 'active' })
      .where(eq(users.id, user.userId));
    expect(await credits(user.headers)).toMatchObject({ limit: 15, remainingQuota: 15 });

    const edit = buildHookDemoEdit({
      hookText: 'Twenty at once',
      characterUrl: clipUrl,
      productVideoUrl: clipUrl,
      ugcDurationSec: 1,
      productDurationSec: 1,
    });
    // The API's admission gate turns some away with 503 server_busy before they reach the
    // service (PGlite holds four requests at a time); those are sent again, as a client would.
    const submit = async () => {
      for (;;) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/shotstack/render',
          headers: user.headers,
          payload: edit,
        });
        if (res.statusCode !== 503) return res;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const answers = await Promise.all(Array.from({ length: 20 }, submit));
    const accepted = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(accepted).toHaveLength(15);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(402);
      expect(answer.json()).toMatchObject({ code: 'limit' });
    }
    // No work for the refused ones: 15 renders exist, and 15 units are held and shown as used.
    const rows = await t.db.db.select().from(renders).where(eq(renders.userId, user.userId));
    expect(rows).toHaveLength(15);
    const held = await t.db.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.userId, user.userId));
    expect(held.map((e) => e.idempotencyKey).sort()).toEqual(
      rows.map((r) => `render:${r.id}`).sort(),
    );
    expect(await credits(user.headers)).toMatchObject({
      used: 15,
      remainingQuota: 0,
      canGenerate: false,
      reason: 'limit',
    });
    expect(hits).toBeLessThanOrEqual(15);

    // Every clip fails: each render fails and its credit comes back.
    release();
    await t.jobs.drain(120_000);
    for (const row of rows) {
      const status = (
        await t.app.inject({
          method: 'GET',
          url: `/api/shotstack/status/${row.id}?env=local`,
          headers: user.headers,
        })
      ).json<TRenderStatusResponse>().response;
      expect(status.status).toBe('failed');
    }
    expect(
      await t.db.db.select().from(usageEvents).where(eq(usageEvents.userId, user.userId)),
    ).toHaveLength(0);
    expect(await credits(user.headers)).toMatchObject({ used: 0, remainingQuota: 15 });
  }, 180_000);
});
