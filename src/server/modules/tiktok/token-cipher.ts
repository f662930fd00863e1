import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * AES-256-GCM for TikTok tokens at rest (docs/product/publishing.md rule 2). The key is derived
 * from the app secret with HKDF, so it is never the secret itself and no other feature's key can
 * collide with it. Each ciphertext is bound (GCM additional data) to its owner, TikTok account and
 * field: a token copied into another row, or an access token moved into the refresh column, fails
 * to decrypt.
 */
export const createTokenCipher = (appSecret: string) => {
  const key = Buffer.from(
    hkdfSync('sha256', appSecret, 'hookreel', 'tiktok-token-encryption-v1', 32),
  );

  const encrypt = (plain: string, binding: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(binding, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  };

  const decrypt = (sealed: string, binding: string): string => {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) {
      throw new Error('not a TikTok token ciphertext of this version');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  };

  return { encrypt, decrypt };
};

export type TokenCipher = ReturnType<typeof createTokenCipher>;

/** What a token is bound to: its owner, its TikTok account and which of the two tokens it is. */
export const tokenBinding = (
  account: { userId: string; openId: string },
  field: 'access' | 'refresh',
) => JSON.stringify(['tiktok_account', account.userId, account.openId, field]);
