import { isSafeNumber, parse } from 'lossless-json';

/**
 * Parses TikTok's JSON keeping every number exact: ids such as `publicaly_available_post_id`
 * are int64 (~19 digits) and `JSON.parse` would round them. A number that fits a double stays a
 * number; a larger one comes back as its decimal string.
 */
export const parseTikTokJson = (text: string): unknown =>
  parse(text, null, (value) => (isSafeNumber(value) ? Number(value) : value));

/** An int64 id from parsed JSON (number or exact decimal string) as a string. */
export const int64String = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;
