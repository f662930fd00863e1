import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../modules/auth';

const PREFIX = 'quick-scrypt';
const KEY_BYTES = 32;
// A sixty-fourth of better-auth's N=16384, r=16: 1-3 ms instead of 0.12 s. Still a salted
// scrypt, so a stored hash never equals the password and a wrong one is refused.
const COST = { N: 1024, r: 4, p: 1 };

const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/**
 * The in-process test apps' password hash (decision 245). The server suite signs up about 360
 * sellers and signs in about as often, and better-auth's scrypt spent some 85 CPU-seconds of
 * CI's two cores on them. Its own format, so a hash made here is never one the shipped hash
 * accepts; `password-storage.test.ts` signs up with the shipped hash to keep that path tested.
 */
export const quickPasswordHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = randomBytes(16);
    return `${PREFIX}:${salt.toString('hex')}:${(await derive(password, salt)).toString('hex')}`;
  },
  verify: async ({ hash, password }) => {
    const [prefix, salt, key] = hash.split(':');
    if (prefix !== PREFIX || !salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, Buffer.from(salt, 'hex'));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
