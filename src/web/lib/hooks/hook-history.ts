/**
 * The hooks a seller has used per product, kept in this browser (docs/product/hook-demo.md
 * rule 2). The Hook + Demo editor sends the most recent ones as
 * `constraints.exclude` so the AI does not offer them again, and avoids pre-filling them.
 */
import { HOOK_EXCLUDE_COUNT, hookKey } from '#contract/hook-rules';

/** docs/product/hook-demo.md rule 2: "ugc:hooks-history:{productId}", last 50. */
export const HOOK_HISTORY_LIMIT = 50;
export const hookHistoryKey = (productId: string) => `ugc:hooks-history:${productId}`;

/** Most recent first, one entry per hook whatever its case, at most 50. */
const tidy = (hooks: readonly string[]): string[] => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of hooks) {
    const hook = raw.trim();
    const key = hookKey(hook);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(hook);
    if (out.length >= HOOK_HISTORY_LIMIT) break;
  }
  return out;
};

/** Most recent first. Anything unreadable (corrupt JSON, storage blocked) reads as no history. */
export const readHookHistory = (productId: string): string[] => {
  try {
    const raw = localStorage.getItem(hookHistoryKey(productId));
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return tidy(parsed.filter((h): h is string => typeof h === 'string'));
  } catch {
    return [];
  }
};

/** Puts the hook first; an earlier use of the same hook in another case is dropped. */
export const rememberHook = (productId: string, hook: string): string[] => {
  const history = tidy([hook, ...readHookHistory(productId)]);
  try {
    localStorage.setItem(hookHistoryKey(productId), JSON.stringify(history));
  } catch {
    // A full or blocked storage only costs the exclusion of this hook next time.
  }
  return history;
};

/** The last 30 used hooks, for `constraints.exclude` of POST /api/ai/generate-video-hook. */
export const hooksToExclude = (productId: string): string[] =>
  readHookHistory(productId).slice(0, HOOK_EXCLUDE_COUNT);
