import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiDailyUsage, users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { loadConfig } from '../../config';
import { createTestApp } from '../../testing/test-app';
import { utcDay } from './fair-use';

type Headers = Record<string, string>;

describe('fair use of the AI routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ aiDailyAllowance: { free: 3, paid: 5 } });
  });
  afterAll(() => t.close());

  const post = (headers: Headers, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const setup = async () => {
    const u = await t.createUser();
    const res = await post(u.headers, '/api/products', {
      name: 'Protein Pancake Mix',
      description: '20g protein per serving, ready in 5 minutes',
    });
    await t.jobs.drain();
    return { ...u, productId: res.json().id as string };
  };
  const usedToday = async (userId: string) => {
    const [row] = await t.db.db
      .select()
      .from(aiDailyUsage)
      .where(and(eq(aiDailyUsage.userId, userId), eq(aiDailyUsage.day, utcDay(new Date()))));
    return row?.count ?? 0;
  };

  it('counts every AI call; a free user past the allowance gets 402 ai_allowance_upgrade', async () => {
    const u = await setup();
    const calls = [
      () => post(u.headers, '/api/ai/generate-video-hook', { productId: u.productId }),
      () => post(u.headers, '/api/ai/generate-carousel-plan', { productId: u.productId }),
      () => post(u.headers, `/api/products/${u.productId}/analyze`, { force: true }),
    ];
    for (const [i, call] of calls.entries()) {
      expect((await call()).statusCode).toBe(200);
      expect(await usedToday(u.userId)).toBe(i + 1);
    }
    // Reading a usable stored brief calls no AI and is free.
    expect((await post(u.headers, `/api/products/${u.productId}/analyze`)).statusCode).toBe(200);

    for (const call of [
      ...calls,
      () => post(u.headers, '/api/ai/select-image-collection', { slides: ['a'] }),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        code: 'ai_allowance_upgrade',
        error:
          'The free plan includes 3 AI requests a day and you have used them. Upgrade to keep going today.',
      });
    }
    expect(await usedToday(u.userId)).toBe(3);
  });

  it('a paid user past the allowance gets 429 ai_allowance_reached, whatever the status', async () => {
    const u = await setup();
    await t.db.db
      .update(users)
      .set({ plan: 'basic', subscriptionStatus: 'past_due' })
      .where(eq(users.id, u.userId));
    for (let i = 0; i < 5; i++) {
      const res = await post(u.headers, '/api/ai/select-image-collection', { slides: ['a'] });
      expect(res.statusCode).toBe(200);
    }
    const over = await post(u.headers, '/api/ai/generate-video-hook', { productId: u.productId });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      code: 'ai_allowance_reached',
      error: "You have used today's 5 AI requests. The allowance renews at midnight UTC.",
    });
  });

  it('lets exactly the allowance through when calls arrive in parallel at the edge', async () => {
    const u = await setup();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(u.headers, '/api/ai/select-image-collection', { slides: ['Pancakes'] }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    expect(await usedToday(u.userId)).toBe(3);
  });

  it('counts per UTC day: yesterday’s calls do not count today', async () => {
    const u = await setup();
    const yesterday = utcDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
    await t.db.db.insert(aiDailyUsage).values({ userId: u.userId, day: yesterday, count: 99 });
    const res = await post(u.headers, '/api/ai/generate-video-hook', { productId: u.productId });
    expect(res.statusCode).toBe(200);
    expect(await usedToday(u.userId)).toBe(1);
  });

  it('does not count a call refused for another reason before the AI runs', async () => {
    const u = await setup();
    const other = await setup();
    const res = await post(u.headers, '/api/ai/generate-video-hook', {
      productId: other.productId,
    });
    expect(res.statusCode).toBe(404);
    expect(await usedToday(u.userId)).toBe(0);
  });

  it('takes the allowance from the configuration: 30 free and 500 paid by default', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).aiDailyAllowance).toEqual({ free: 30, paid: 500 });
    expect(
      loadConfig({ AI_DAILY_ALLOWANCE_FREE: '5', AI_DAILY_ALLOWANCE_PAID: '50' }).aiDailyAllowance,
    ).toEqual({ free: 5, paid: 50 });
    expect(() => loadConfig({ AI_DAILY_ALLOWANCE_FREE: '-1' })).toThrow(/AI_DAILY_ALLOWANCE_FREE/);
  });
});
