/**
 * How many drafts a list returns when the query names no limit. Its own zod-free file because the
 * web's query keys, which every page loads, use it (zod stays out of the landing bundle; see
 * web/lib/zod-csp.ts).
 */
export const DRAFTS_LIST_DEFAULT_LIMIT = 8;
