import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

/**
 * The shipped password hash. Every other test app uses a cheaper one (decision 245), so this file
 * is where the hash a real account gets is signed up, stored, checked and refused.
 */
describe('stored passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { passwords: 'shipped' });
  });
  afterAll(() => t.close());

  const storedHash = async (email: string) => {
    const { rows } = await t.db.executor.executeSql(
      `SELECT a.password FROM account a JOIN "user" u ON u.id = a.user_id WHERE u.email = $1`,
      [email],
    );
    return (rows as { password: string | null }[])[0]?.password ?? null;
  };

  it("are better-auth's salted scrypt, which signs in with the password and nothing else", async () => {
    const { email } = await t.createUser('stored@example.com');
    const hash = await storedHash(email);
    // better-auth's format: a 16-byte salt and a 64-byte scrypt key, both in hex.
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(hash).not.toContain('secret-pass-1');
    expect(await verifyPassword({ hash: hash!, password: 'secret-pass-1' })).toBe(true);
    expect(await verifyPassword({ hash: hash!, password: 'secret-pass-2' })).toBe(false);

    expect((await t.signIn(email, 'secret-pass-2')).statusCode).toBe(401);
    expect((await t.signIn(email)).statusCode).toBe(200);
  });

  it('differ between two accounts with the same password', async () => {
    await t.createUser('same-one@example.com');
    await t.createUser('same-two@example.com');
    expect(await storedHash('same-one@example.com')).not.toBe(
      await storedHash('same-two@example.com'),
    );
  });
});
