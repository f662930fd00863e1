import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The default of earlier versions: known to everyone, so never accepted as a secret. */
export const FORMER_DEFAULT_SECRET = 'hookreel-local-development-secret-change-me';

export const SECRET_FILE = 'app-secret';

/**
 * The secret of an install without APP_SECRET: generated at the first start and kept in
 * DATA_DIR (readable by its owner only), so sessions and signed links survive restarts without
 * a secret anyone could look up. Written aside and linked into place, so two processes starting
 * at once agree on one complete file.
 */
export const readOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds no usable secret: delete it to generate a new one`);
  }
  return secret;
};

/** The shortest APP_SECRET production accepts: 32 characters, as the generated one has 43. */
export const MIN_SECRET_LENGTH = 32;

/** Placeholders people paste from examples and tutorials (compared without case or punctuation). */
const WELL_KNOWN = [
  FORMER_DEFAULT_SECRET,
  'changeme',
  'change-me',
  'changethis',
  'secret',
  'password',
  'test',
  'example',
  'hookreel',
  'your-secret',
  'your-secret-here',
  'your-app-secret',
  'replace-me',
  'supersecret',
  'development',
  'production',
].map((s) => s.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** A string that is one shorter piece over and over (`abcabcabc…`, `pppp…`). */
const repeatsItself = (value: string): boolean => {
  for (let period = 1; period <= value.length / 2; period += 1) {
    if (value.slice(period) === value.slice(0, value.length - period)) return true;
  }
  return false;
};

/**
 * Why `secret` is too weak for production, or null when it will do: short, a known placeholder
 * (alone or repeated), one piece repeated, or too few different characters to be random
 * (decision 061). Real randomness cannot be proven from one string; this refuses the values
 * people actually type.
 */
export const weakSecretReason = (secret: string): string | null => {
  if (secret.length < MIN_SECRET_LENGTH) {
    return `it has ${secret.length} characters; use at least ${MIN_SECRET_LENGTH} random ones`;
  }
  const letters = secret.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (
    WELL_KNOWN.some((known) => letters === known || (letters !== '' && repeatsOf(letters, known)))
  ) {
    return 'it is a well-known example value';
  }
  if (repeatsItself(secret)) return 'it repeats one short piece';
  if (new Set(secret).size < 12) return 'it uses too few different characters to be random';
  return null;
};

const repeatsOf = (value: string, piece: string): boolean =>
  piece !== '' &&
  value.length % piece.length === 0 &&
  piece.repeat(value.length / piece.length) === value;

/** How to make a good secret, for the sentence that refuses a weak one. */
export const SECRET_RECIPE =
  "make one with `openssl rand -base64 48` or `node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64'))\"`";
