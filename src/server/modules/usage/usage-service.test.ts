import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents, users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { createUsageService } from './usage-service';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (real row locks there).
describe('usage ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setPlan = (userId: string, plan: 'free' | 'basic' | 'plus', changes = {}) =>
    t.db.db
      .update(users)
      .set({ plan, subscriptionStatus: plan === 'free' ? null : 'active', ...changes })
      .where(eq(users.id, userId));

  const ledger = async (userId: string) => {
    const [row] = await t.db.db
      .select({ n: count() })
      .from(usageEvents)
      .where(eq(usageEvents.userId, userId));
    return row?.n ?? 0;
  };

  it('counts a key once; a repeat is allowed and not counted', async () => {
    const u = await t.createUser();
    await setPlan(u.userId, 'basic');
    expect(await t.usage.recordUsage(u.userId, 'carousel', 'post:1')).toEqual({
      allowed: true,
      counted: true,
      remaining: 14,
    });
    expect(await t.usage.recordUsage(u.userId, 'carousel', 'post:1')).toEqual({
      allowed: true,
      counted: false,
      remaining: 14,
    });
    expect(await ledger(u.userId)).toBe(1);
  });

  it('20 parallel calls with one key count once', async () => {
    const u = await t.createUser();
    await setPlan(u.userId, 'basic');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.usage.recordUsage(u.userId, 'video', 'render:abc')),
    );
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(results.every((r) => r.allowed)).toBe(true);
    expect(await ledger(u.userId)).toBe(1);
    const e = await t.app.inject({ method: 'GET', url: '/api/entitlements', headers: u.headers });
    expect(e.json()).toMatchObject({ used: 1, remainingQuota: 14 });
  });

  it('20 parallel calls with different keys never pass the quota (basic: 15)', async () => {
    const u = await t.createUser();
    await setPlan(u.userId, 'basic');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.usage.recordUsage(u.userId, 'carousel', `post:${i}`)),
    );
    expect(results.filter((r) => r.counted)).toHaveLength(15);
    expect(results.filter((r) => !r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed).every((r) => r.remaining === 0)).toBe(true);
    expect(await ledger(u.userId)).toBe(15);
    const e = await t.app.inject({ method: 'GET', url: '/api/entitlements', headers: u.headers });
    expect(e.json()).toMatchObject({ canGenerate: false, reason: 'limit', remainingQuota: 0 });
    // Something already counted stays allowed even with the quota used up. On PostgreSQL the
    // parallel calls finish in any order, so take a key that did count.
    const countedKey = `post:${results.findIndex((r) => r.counted)}`;
    expect(await t.usage.recordUsage(u.userId, 'carousel', countedKey)).toMatchObject({
      allowed: true,
      counted: false,
    });
  });

  it("keys are per user: one user's key never uses up another's", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await setPlan(a.userId, 'basic');
    await setPlan(b.userId, 'basic');
    await t.usage.recordUsage(a.userId, 'video', 'render:shared');
    expect(await t.usage.recordUsage(b.userId, 'video', 'render:shared')).toMatchObject({
      counted: true,
    });
  });

  it('refuses new keys without a paid plan in good standing', async () => {
    const u = await t.createUser();
    expect(await t.usage.recordUsage(u.userId, 'carousel', 'post:free')).toEqual({
      allowed: false,
      counted: false,
      remaining: 0,
    });
    await setPlan(u.userId, 'plus', { subscriptionStatus: 'past_due' });
    expect(await t.usage.recordUsage(u.userId, 'carousel', 'post:due')).toMatchObject({
      allowed: false,
      counted: false,
    });
    expect(await ledger(u.userId)).toBe(0);
  });

  it('a new billing period resets the count', async () => {
    const u = await t.createUser();
    let clock = new Date('2026-11-10T12:00:00Z');
    const periodEnd = new Date('2026-11-20T00:00:00Z');
    await setPlan(u.userId, 'basic', { currentPeriodEnd: periodEnd });
    const usage = createUsageService(t.db.db, { now: () => clock });
    for (let i = 0; i < 15; i++) await usage.recordUsage(u.userId, 'carousel', `old:${i}`);
    expect(await usage.recordUsage(u.userId, 'carousel', 'old:15')).toMatchObject({
      allowed: false,
    });

    // The subscription renews: the period moves on a month, the quota is whole again.
    clock = new Date('2026-11-21T09:00:00Z');
    await setPlan(u.userId, 'basic', { currentPeriodEnd: new Date('2026-12-20T00:00:00Z') });
    expect(await usage.recordUsage(u.userId, 'carousel', 'new:0')).toEqual({
      allowed: true,
      counted: true,
      remaining: 14,
    });
    // A key counted last period is still not counted twice.
    expect(await usage.recordUsage(u.userId, 'carousel', 'old:3')).toEqual({
      allowed: true,
      counted: false,
      remaining: 14,
    });
    const [old] = await t.db.db
      .select({ n: count() })
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, u.userId)));
    expect(old?.n).toBe(16);
  });
});
