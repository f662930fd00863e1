import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('plan limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('campaigns: 402 campaign_limit on free, allowed on every paid plan', async () => {
    const u = await t.createUser();
    await expect(t.planLimits.assertCanCreateCampaign(u.userId)).rejects.toMatchObject({
      code: 'campaign_limit',
      status: 402,
    });
    for (const plan of ['basic', 'plus', 'pro'] as const) {
      await t.db.db.update(users).set({ plan }).where(eq(users.id, u.userId));
      await expect(t.planLimits.assertCanCreateCampaign(u.userId)).resolves.toBeUndefined();
    }
  });

  it('products: 402 product_limit past the plan limit', async () => {
    const u = await t.createUser();
    await expect(t.planLimits.assertCanCreateProduct(u.userId, 0)).resolves.toBeUndefined();
    await expect(t.planLimits.assertCanCreateProduct(u.userId, 1)).rejects.toMatchObject({
      code: 'product_limit',
      status: 402,
    });
    await t.db.db.update(users).set({ plan: 'plus' }).where(eq(users.id, u.userId));
    await expect(t.planLimits.assertCanCreateProduct(u.userId, 4)).resolves.toBeUndefined();
    await expect(t.planLimits.assertCanCreateProduct(u.userId, 5)).rejects.toMatchObject({
      code: 'product_limit',
    });
    await t.db.db.update(users).set({ plan: 'pro' }).where(eq(users.id, u.userId));
    await expect(t.planLimits.assertCanCreateProduct(u.userId, 1000)).resolves.toBeUndefined();
  });

  it('an unknown user is 404, not a plan', async () => {
    await expect(t.planLimits.assertCanCreateProduct('no-such-user', 0)).rejects.toMatchObject({
      status: 404,
    });
  });
});
