import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/products', headers, payload: payload as object });

  it('creates a first product, which opens the app', async () => {
    const u = await t.createUser();
    const res = await create(u.headers, {
      name: '  Glow Serum ',
      description: '$24 vitamin C serum',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const list = await t.app.inject({ method: 'GET', url: '/api/products', headers: u.headers });
    expect(list.json()).toEqual([
      {
        id,
        name: 'Glow Serum',
        description: '$24 vitamin C serum',
        images: [],
        thumbnails: [],
        isDefault: false,
        brandVoice: null,
        aiBrief: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const e = await t.app.inject({ method: 'GET', url: '/api/entitlements', headers: u.headers });
    expect(e.json().canAccessApp).toBe(true);
  });

  it('validates the name', async () => {
    const u = await t.createUser();
    for (const payload of [{}, { name: '   ' }, { name: 42 }, { name: 'x'.repeat(121) }]) {
      const res = await create(u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', field: 'name' });
    }
  });

  it('refuses a second product on free and basic with 402 product_limit; plus allows five', async () => {
    const u = await t.createUser();
    expect((await create(u.headers, { name: 'One' })).statusCode).toBe(200);
    const second = await create(u.headers, { name: 'Two' });
    expect(second.statusCode).toBe(402);
    expect(second.json().code).toBe('product_limit');

    await t.db.db
      .update(users)
      .set({ plan: 'plus', subscriptionStatus: 'active' })
      .where(eq(users.id, u.userId));
    for (const name of ['Two', 'Three', 'Four', 'Five'])
      expect((await create(u.headers, { name })).statusCode).toBe(200);
    expect((await create(u.headers, { name: 'Six' })).statusCode).toBe(402);
  });

  it("lists only the user's own products", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await create(a.headers, { name: 'Only mine' });
    const list = await t.app.inject({ method: 'GET', url: '/api/products', headers: b.headers });
    expect(list.json()).toEqual([]);
  });
});
