export type StoredObject = { key: string; contentType: string; size: number };

export type Storage = {
  /** One log line naming the driver and where it stores, printed at start-up. */
  describe: string;
  put(key: string, body: Buffer, contentType: string): Promise<StoredObject>;
  /** Resolves to null when there is no object under the key. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A URL the browser can load for ttlSeconds (default 3600). */
  signedUrl(key: string, ttlSeconds?: number): Promise<string>;
  /**
   * A URL a browser may PUT one object of `contentType` to, for ttlSeconds: drivers with a bucket
   * the browser can reach (S3). Absent on disk, where our own route takes the upload.
   */
  presignedPut?(key: string, contentType: string, ttlSeconds: number): Promise<string>;
};

export const DEFAULT_SIGNED_URL_TTL_SECONDS = 3600;

/**
 * The longest a signed URL may live (S3's own presigning limit). The disk driver's route
 * enforces it whatever expiry a link carries, so a link signed for "forever" is refused.
 */
export const MAX_SIGNED_URL_TTL_SECONDS = 7 * 24 * 60 * 60;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_CHARS = /^[A-Za-z0-9/_.-]+$/;
// S3 allows 1024 bytes; staying under it keeps keys portable between the two drivers.
const MAX_KEY_LENGTH = 1024;

/**
 * Keys end up as file paths on disk, so anything that could climb out of the storage root or
 * address something other than a plain file is refused. Segments starting with a dot are refused
 * too: that rules out `.` and `..` whatever the encoding, and keeps the disk driver's own
 * bookkeeping (dot-directories) out of reach of any key. Both drivers share the rule so a key that
 * works in development also works in production.
 */
export const isValidKey = (key: string): boolean =>
  key.length > 0 &&
  key.length <= MAX_KEY_LENGTH &&
  KEY_CHARS.test(key) &&
  !key.includes('..') &&
  key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'));

export const assertValidKey = (key: string): void => {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
};

export const assertValidTtl = (ttlSeconds: number): void => {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0 || ttlSeconds > MAX_SIGNED_URL_TTL_SECONDS) {
    throw new RangeError(
      `Signed URL lifetime must be a whole number of seconds from 1 to ${MAX_SIGNED_URL_TTL_SECONDS}`,
    );
  }
};

// Stored content types come back as response headers, so control characters must never get in.
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(?:\s*;[\x20-\x7e]*)?$/;

export const isValidContentType = (contentType: string): boolean =>
  contentType.length <= 200 && CONTENT_TYPE.test(contentType);

export const assertValidContentType = (contentType: string): void => {
  if (!isValidContentType(contentType)) {
    throw new TypeError(`Invalid content type: ${JSON.stringify(contentType.slice(0, 100))}`);
  }
};
