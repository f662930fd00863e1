import { randomInt } from 'node:crypto';

/**
 * TikTok's ids are 19-digit int64s; these start with 7 like TikTok's and are far above 2^53,
 * so a client that parses them as plain JSON numbers loses digits and its tests notice.
 */
export const int64Id = () =>
  `7${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e9)).padStart(9, '0')}`;
