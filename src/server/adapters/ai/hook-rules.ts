/**
 * Rules every writer's output goes through (docs/product/products.md rule 3), so an LLM and the
 * local writer give hooks that obey the same contract. The rules the browser applies too (generic
 * phrases, hook identity, product keywords) live in src/contract/hook-rules.ts.
 */
import { foldPunctuation, hookKey, isGenericHook, mentionsProduct } from '#contract/hook-rules';
import { passesGate } from './sentence-gate';

/** Models number their lines, quote them and tack hashtags on; none of that belongs in a hook. */
export const cleanHook = (raw: string): string => {
  let text = foldPunctuation(raw).replace(/\s+/g, ' ').trim();
  text = text.replace(/^(?:\d{1,2}[.)]|[-*•])\s+/, '');
  text = text.replace(/(?:\s+#[\p{L}\p{N}_]+)+$/u, '');
  const quoted = /^"(.*)"$/.exec(text);
  if (quoted?.[1] && !quoted[1].includes('"')) text = quoted[1];
  return text.trim();
};

export type FinalizeHooksOptions = {
  maxChars: number;
  exclude?: Iterable<string>;
  /**
   * When given, a hook must mention one of these (docs/product/products.md rule 3: otherwise it is
   * generic).
   */
  keywords?: Set<string>;
  limit?: number;
  /** The seller's text: when given, a hook may quote only numbers written there. */
  source?: string;
};

/** Cleans, filters and de-duplicates hooks in their given order. */
export const finalizeHooks = (candidates: Iterable<string>, options: FinalizeHooksOptions) => {
  const seen = new Set<string>();
  for (const text of options.exclude ?? []) seen.add(hookKey(text));
  const out: string[] = [];
  for (const candidate of candidates) {
    if (options.limit !== undefined && out.length >= options.limit) break;
    const hook = cleanHook(candidate);
    const key = hookKey(hook);
    if (!key || seen.has(key)) continue;
    if (hook.length > options.maxChars || isGenericHook(hook)) continue;
    // Whatever writer wrote it, a broken sentence never reaches the seller (issue 27).
    if (!passesGate(hook, options.source)) continue;
    if (options.keywords && !mentionsProduct(hook, options.keywords)) continue;
    seen.add(key);
    out.push(hook);
  }
  return out;
};

/** "#TikTok Made Me Buy It" and "tiktokmademebuyit" both become "#tiktokmademebuyit". */
export const normalizeHashtags = (tags: Iterable<string>, limit: number): string[] => {
  const out: string[] = [];
  for (const raw of tags) {
    const body = raw
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '');
    if (body.length < 2 || /^\d+$/.test(body)) continue;
    const tag = `#${body}`;
    if (!out.includes(tag)) out.push(tag);
    if (out.length >= limit) break;
  }
  return out;
};

export { quotesNumbersFaithfully } from './sentence-gate';
