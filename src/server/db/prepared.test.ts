import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { preparedQuery } from './prepared';
import { users } from './schema';

describe('prepared queries', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No read or session cache: every read below reaches the database.
    t = await createTestApp({}, { env: { SESSION_CACHE_MS: '0' }, build: { readCacheMs: 0 } });
  });
  afterAll(() => t.close());

  it('are built once per database handle, and a transaction gets its own', async () => {
    let builds = 0;
    const emailOf = preparedQuery('test_email_of', (db, name) => {
      builds++;
      return db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, sql.placeholder('userId')))
        .prepare(name);
    });
    const a = await t.createUser();
    const b = await t.createUser();
    const db = t.db.db;
    expect(await emailOf(db).execute({ userId: a.userId })).toEqual([{ email: a.email }]);
    expect(await emailOf(db).execute({ userId: b.userId })).toEqual([{ email: b.email }]);
    expect(builds).toBe(1);
    await db.transaction(async (tx) => {
      expect(await emailOf(tx).execute({ userId: b.userId })).toEqual([{ email: b.email }]);
    });
    expect(builds).toBe(2);
  });

  it('refuse a name taken by another query', () => {
    preparedQuery('test_taken', () => null);
    expect(() => preparedQuery('test_taken', () => null)).toThrow(/used twice: test_taken/);
  });

  it("answer each seller's screen reads with their own rows, call after call", async () => {
    // The first seller has a product and one draft, the second two drafts and no product.
    const sellers = [await t.createUser(), await t.createUser()];
    const call = async <T>(
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => {
      const res = await t.app.inject({ method, url, headers, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(200);
      return res.json<T>();
    };
    const product = { name: 'Mug', description: 'A mug that keeps tea warm for hours.' };
    await call('POST', '/api/products', sellers[0]!.headers, product);
    for (const [i, seller] of sellers.entries()) {
      for (let d = 0; d <= i; d++) {
        const draft = await call<{ id: string }>('POST', '/api/drafts', seller.headers, {
          type: 'video',
        });
        await call('PATCH', `/api/drafts/${draft.id}`, seller.headers, {
          type: 'video',
          hook: `Hook ${i}.${d}`,
        });
      }
    }
    const read = <T>(url: string, headers: Record<string, string>) => call<T>('GET', url, headers);
    // Alternating sellers: a value kept from an earlier call would show in the next one.
    for (let round = 0; round < 2; round++) {
      for (const [i, seller] of sellers.entries()) {
        const user = await read<{ email: string }>('/api/auth/user', seller.headers);
        expect(user.email).toBe(seller.email);
        const products = await read<{ name: string }[]>('/api/products', seller.headers);
        expect(products.map((p) => p.name)).toEqual(i === 0 ? ['Mug'] : []);
        // The app opens once the seller has a product (entitlements' product count).
        expect(await read('/api/entitlements', seller.headers)).toMatchObject({
          canAccessApp: i === 0,
          used: 0,
        });
        const { drafts } = await read<{ drafts: { hook: string }[] }>(
          '/api/drafts?limit=8&summary=true',
          seller.headers,
        );
        expect(drafts.map((d) => d.hook).sort()).toEqual(
          i === 0 ? ['Hook 0.0'] : ['Hook 1.0', 'Hook 1.1'],
        );
      }
    }
  });
});
