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
