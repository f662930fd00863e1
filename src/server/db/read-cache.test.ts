import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { createScratchDatabase } from '../testing/scratch-database';
import { watchWrites } from './change-clock';
import { openDatabase } from './client';
import { createReadCache } from './read-cache';
import { users } from './schema';

describe('change clock', () => {
  it('moves on writes and transactions, not on reads', async () => {
    const { client, changes } = watchWrites(new PGlite());
    try {
      await client.exec('create table t (n int)');
      const before = changes.reading();
      await client.query('select count(*) from t');
      await client.query('  (select 1)');
      expect(changes.reading()).toBe(before);
      await client.query('insert into t values ($1)', [1]);
      const afterInsert = changes.reading();
      expect(afterInsert).toBeGreaterThan(before);
      await client.transaction(async (tx) => {
        await tx.query('update t set n = 2');
      });
      expect(changes.reading()).toBeGreaterThan(afterInsert);
      const afterTx = changes.reading();
      await client.query('with x as (delete from t returning n) select n from x');
      expect(changes.reading()).toBeGreaterThan(afterTx);
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('change clock on PostgreSQL', () => {
  it("hears another process's write, and its own at once", async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    const a = await openDatabase({ kind: 'postgres', url: scratch.url });
    const b = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      const before = a.changes.reading();
      await a.db.select().from(users);
      expect(a.changes.reading()).toBe(before);
      await a.db.update(users).set({ timezone: 'UTC' });
      const own = a.changes.reading();
      expect(own).toBeGreaterThan(before);
      // Another process (b) writes: a hears it through the trigger's notification.
      await b.db.transaction(async (tx) => {
        await tx.update(users).set({ timezone: 'UTC' });
      });
      const deadline = Date.now() + 5000;
      while (a.changes.reading() === own && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(a.changes.reading()).toBeGreaterThan(own);
    } finally {
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});

describe('read cache', () => {
  const clock = () => {
    let n = 0;
    return { reading: () => n, tick: () => n++ };
  };

  it('answers again only while the clock has not moved', async () => {
    const c = clock();
    let loads = 0;
    const read = createReadCache({ changes: c }).perUser('x', async (userId: string) => {
      loads++;
      return { userId, loads };
    });
    expect(await read('u1')).toEqual({ userId: 'u1', loads: 1 });
    expect(await read('u1')).toEqual({ userId: 'u1', loads: 1 });
    expect(await read('u2')).toEqual({ userId: 'u2', loads: 2 });
    c.tick();
    expect(await read('u1')).toEqual({ userId: 'u1', loads: 3 });
  });

  it('keeps nothing read while a write happened, and shares one load between callers', async () => {
    const c = clock();
    let loads = 0;
    const read = createReadCache({ changes: c }).perUser('x', async () => {
      loads++;
      await Promise.resolve();
      c.tick(); // a write landed while this read was on its way
      return loads;
    });
    const [a, b] = await Promise.all([read('u1'), read('u1')]);
    expect([a, b]).toEqual([1, 1]);
    expect(await read('u1')).toBe(2);
    expect(await read('u1')).toBe(3);
  });

  it('keys by the arguments, forgets failures, and passes through without a clock', async () => {
    const c = clock();
    let loads = 0;
    const cache = createReadCache({ changes: c });
    const list = cache.perUser('list', async (_userId: string, q: { limit: number }) => {
      loads++;
      if (q.limit === 0) throw new Error('no');
      return q.limit;
    });
    expect(await list('u1', { limit: 8 })).toBe(8);
    expect(await list('u1', { limit: 3 })).toBe(3);
    await expect(list('u1', { limit: 0 })).rejects.toThrow('no');
    await expect(list('u1', { limit: 0 })).rejects.toThrow('no');
    expect(loads).toBe(4);
    let direct = 0;
    const off = createReadCache({ changes: null }).perUser('x', async () => ++direct);
    await off('u1');
    await off('u1');
    expect(direct).toBe(2);
  });
});

describe('cached reads through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it('shows a write at once and never answers a revoked session', async () => {
    const u = await t.createUser();
    expect((await get('/api/entitlements', u.headers)).json().canAccessApp).toBe(false);
    expect((await get('/api/products', u.headers)).json()).toEqual([]);
    expect((await get('/api/drafts?limit=8&summary=true', u.headers)).json().drafts).toEqual([]);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: u.headers,
      payload: { name: 'Mug', description: 'A mug that keeps tea warm for hours.' },
    });
    expect(created.statusCode).toBe(200);
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: u.headers,
      // With content: an empty `{ type }` draft is not listed until saved (decision 030).
      payload: { type: 'carousel', caption: 'Mug ad' },
    });
    expect(draft.statusCode).toBe(200);
    expect((await get('/api/entitlements', u.headers)).json().canAccessApp).toBe(true);
    expect((await get('/api/products', u.headers)).json()).toHaveLength(1);
    expect((await get('/api/drafts?limit=8&summary=true', u.headers)).json().drafts).toHaveLength(
      1,
    );

    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: u.headers,
      payload: { timezone: 'Europe/Paris' },
    });
    expect(profile.statusCode).toBe(200);
    expect((await get('/api/auth/user', u.headers)).json().timezone).toBe('Europe/Paris');

    // A direct write (as a job or webhook would make) is seen too.
    await t.db.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, u.userId));
    expect((await get('/api/auth/user', u.headers)).json().timezone).toBe('Asia/Tokyo');

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...u.headers, origin: 'http://localhost:3999' },
    });
    expect(signOut.statusCode).toBe(200);
    for (const url of ['/api/auth/user', '/api/entitlements', '/api/products'])
      expect((await get(url, u.headers)).statusCode, url).toBe(401);
  });
});
