import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, usageEvents, users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('GET /api/entitlements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/entitlements', headers })).json();

  it('keeps a new user out of the app until a first product exists', async () => {
    const u = await t.createUser();
    expect(await get(u.headers)).toMatchObject({
      canAccessApp: false,
      canGenerate: false,
      reason: 'no_plan',
      plan: 'free',
      limit: null,
    });
    await t.db.db
      .insert(products)
      .values({ id: randomUUID(), userId: u.userId, name: 'Glow Serum' });
    expect(await get(u.headers)).toMatchObject({
      canAccessApp: true,
      canGenerate: false,
      reason: 'no_plan',
    });
  });

  it('lets a paid plan in, and counts only its own usage within the period', async () => {
    const u = await t.createUser();
    const other = await t.createUser();
    await t.db.db
      .update(users)
      .set({ plan: 'basic', subscriptionStatus: 'active' })
      .where(eq(users.id, u.userId));
    const event = (userId: string, createdAt = new Date()) => ({
      id: randomUUID(),
      userId,
      kind: 'carousel' as const,
      idempotencyKey: randomUUID(),
      createdAt,
    });
    await t.db.db
      .insert(usageEvents)
      .values([
        event(u.userId),
        event(u.userId),
        event(u.userId, new Date('2020-01-01T00:00:00Z')),
        event(other.userId),
      ]);
    expect(await get(u.headers)).toMatchObject({
      canAccessApp: true,
      canGenerate: true,
      reason: null,
      plan: 'basic',
      limit: 15,
      remainingQuota: 13,
      used: 2,
    });
  });
});
