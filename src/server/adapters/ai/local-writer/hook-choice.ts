import {
  contentStems,
  hookKey,
  isGenericHook,
  mentionsProduct,
  productKeywords,
} from '#contract/hook-rules';
import type { AiProductInput } from '../ai-writer';
import { cleanHook } from '../hook-rules';
import type { ProductFacts } from '../product-facts';
import { passesGate } from '../sentence-gate';
import { hooksOfUnit } from './fact-hooks';
import type { FactUnit } from './fact-units';
import { factStemsIn, factUnitsOf, unitsUsedBy } from './fact-units';
import { BEFORE_AFTER, STAYS } from './category-wording';
import { hookCandidates } from './hook-candidates';

const NONE: ReadonlySet<string> = new Set();

export const sourceOf = (product: AiProductInput) =>
  `${product.name} ${product.description} ${product.price ?? ''}`;

export type HookChoice = {
  limit: number;
  maxChars: number;
  exclude?: Iterable<string>;
  seed: number;
};

/**
 * The hooks of a product (issue 27): formula hooks alternate with hooks written around each of
 * the seller's facts, every one through the sentence gate, and no fact in more than a quarter
 * of them, so a 24-hook brief uses every fact and leans on none.
 */
export const chooseHooks = (
  product: AiProductInput,
  f: ProductFacts,
  { limit, maxChars, exclude = [], seed }: HookChoice,
): string[] => {
  const units = factUnitsOf(f, product.description);
  const source = sourceOf(product);
  const keywords = productKeywords(product);
  const most = Math.max(1, Math.floor(limit / 4));
  const uses = new Map<FactUnit, number>();
  // A word of the seller's (a stem or a number) counts too: two facts may share "minute".
  const stemUses = new Map<string, number>();
  const told = new Set<FactUnit>();
  const formulaWords = contentStems(`${STAYS[f.category]} ${BEFORE_AFTER[f.category]}`);
  const seen = new Set<string>();
  for (const text of exclude) seen.add(hookKey(text));
  const out: string[] = [];

  // Until every fact has had its turn, a fact or a word of one fills at most half its share,
  // so the formulas' favourite claim cannot crowd out a fact that shares a word with it.
  let cap = Math.max(1, Math.floor(most / 2));
  const take = (candidate: string, own?: FactUnit): boolean => {
    const hook = cleanHook(candidate);
    const key = hookKey(hook);
    if (!key || seen.has(key) || hook.length > maxChars || isGenericHook(hook)) return false;
    if (!mentionsProduct(hook, keywords) || !passesGate(hook, source)) return false;
    // The category's own words in a formula ("stays on my desk") are not the seller's fact.
    const ignore = own ? NONE : formulaWords;
    const used = unitsUsedBy(hook, units, ignore);
    // A fact's own first hook may take it to its full share; others stop at half of it.
    const limitOf = (u: FactUnit) => (own === u && !told.has(u) ? most : cap);
    if (used.some((u) => (uses.get(u) ?? 0) >= limitOf(u))) return false;
    const words = factStemsIn(hook, units, ignore);
    if (words.some((w) => (stemUses.get(w) ?? 0) >= most)) return false;
    for (const u of used) uses.set(u, (uses.get(u) ?? 0) + 1);
    for (const w of words) stemUses.set(w, (stemUses.get(w) ?? 0) + 1);
    seen.add(key);
    out.push(hook);
    return true;
  };

  const formulas = hookCandidates(f, seed, maxChars);
  const nextFormula = () => {
    for (let next = formulas.next(); !next.done; next = formulas.next()) {
      if (take(next.value)) return true;
    }
    return false;
  };
  // The queue of facts, each round starting one further along so the first hooks vary by seed.
  const start = units.length > 0 ? seed % units.length : 0;
  const queue = units.map((_, i) => units[(start + i) % units.length]!);
  // A few formula hooks first: the brief opens on different proven shapes (the first hook is
  // what the editor pre-fills), then every fact gets its turn, so there are as many formula
  // hooks first as leave a place for each fact.
  const opening = Math.max(2, Math.min(10, Math.floor(limit / 2.4), limit - 2 * units.length));
  for (let i = 0; i < opening; i++) nextFormula();
  for (let round = 0; round < 6 && out.length < limit; round++) {
    if (round === 1) cap = most;
    for (const [i, unit] of queue.entries()) {
      if (out.length >= limit) break;
      // Another hook may share a word with the fact ("needed") without telling it: each fact
      // gets a hook of its own in the first round.
      if (!told.has(unit) || round > 0) {
        if (hooksOfUnit(f, unit, round + seed).some((h) => take(h, unit))) told.add(unit);
      }
      // In the first round a formula hook comes between facts only while the facts still to
      // come have their places.
      const waiting = round === 0 ? queue.slice(i + 1).filter((u) => !told.has(u)).length : 0;
      if (out.length < limit - waiting) nextFormula();
    }
  }
  cap = most;
  while (out.length < limit && nextFormula());
  return out.slice(0, limit);
};
