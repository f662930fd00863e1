import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

/**
 * A sign-up whose insert PostgreSQL refuses for want of a connection (53300, what a full server
 * answers; decision 203) is overload. better-auth catches the insert's error and answered 422
 * "Failed to create user", as if the person's details were at fault. A trigger raises that very
 * error on the insert, on PGlite and on PostgreSQL alike.
 */
describe('a sign-up the database refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 server_busy with Retry-After, creates nothing, and works when tried again', async () => {
    await t.db.db.execute(sql`
      CREATE FUNCTION refuse_like_a_full_server() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'sorry, too many clients already' USING ERRCODE = '53300';
      END $$`);
    await t.db.db.execute(sql`
      CREATE TRIGGER refuse_sign_up BEFORE INSERT ON "user"
      FOR EACH ROW EXECUTE FUNCTION refuse_like_a_full_server()`);

    const refused = await t.signUp('busy@example.com');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      error: 'The server is busy. Try again in a few seconds.',
      code: 'server_busy',
      retryAfterSeconds: 1,
    });
    const { rows } = await t.db.executor.executeSql(
      `SELECT count(*)::int AS n FROM "user" WHERE email = $1`,
      ['busy@example.com'],
    );
    expect(rows).toEqual([{ n: 0 }]);

    await t.db.db.execute(sql`DROP TRIGGER refuse_sign_up ON "user"`);
    const again = await t.signUp('busy@example.com');
    expect(again.statusCode).toBe(200);
    expect(await t.linkTo('busy@example.com', /Confirm/)).toContain('/api/auth/verify-email');
  });
});
