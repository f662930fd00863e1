/**
 * The hook rules of docs/product/products.md rule 3 that both sides apply: the server when it
 * writes and stores hooks, the Hook + Demo editor when it picks, pre-fills and excludes them. Pure
 * TypeScript, so server and browser cannot drift apart.
 *
 * Product keywords: the original rule listed "blender, smoothie, usb-c, cup, gym, travel, shake, protein",
 * which were the words of one sample product. We read the rule as "mentions the product" and take
 * the keywords from the product's own name and description, so it holds for any product.
 */
import { AI_BRIEF_MIN_HOOKS, AI_HOOK_MAX_CHARS } from './ai';

/** docs/product/products.md rule 3: a hook containing one of these is generic. */
export const GENERIC_PHRASES = ['this fixes it', 'save time', 'time saver', 'not kidding'] as const;

/**
 * docs/product/products.md rule 3: the editor excludes this many of a product's last used hooks
 * from new ones.
 */
export const HOOK_EXCLUDE_COUNT = 30;

// Curly quotes and the like would let "not kidding" slip past a plain comparison.
export const foldPunctuation = (text: string) =>
  text
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-');

export const isGenericHook = (text: string): boolean => {
  const folded = foldPunctuation(text).toLowerCase().replace(/\s+/g, ' ');
  return GENERIC_PHRASES.some((phrase) => folded.includes(phrase));
};

/** The identity of a hook for repeats and exclusion: case, spacing and end punctuation aside. */
export const hookKey = (text: string): string =>
  foldPunctuation(text)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?…,;:'"]+$/u, '')
    .replace(/^[\s'"]+/, '')
    .trim();

const STOPWORDS = new Set(
  `a an the and or but if so as of on in to at by for from into onto with without under over
  than then this that these those there here it its it's is are was were be been being am do does
  did doing done have has had having not no yes too very just only also even ever never still
  again now today you your yours you're our ours their theirs my mine me we us they them he she
  his her who what when where which while why how will would can could should may might must
  all any each every both either some such same other another more most much many few less
  one two three four five first last next per instead behind about after before around up out
  off down make makes made making keep keeps kept get gets got take takes took look looks use uses
  used using best good great new like love need needs want wants way thing things stuff time day
  days week weeks month months year years life really actually simply easy easily simple perfect
  amazing favourite favorite little big lot lots`.split(/\s+/),
);

/** Singular and plural share a stem: "berries" and "berry", "smoothies" and "smoothie". */
export const stem = (word: string) => {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ie')) return `${word.slice(0, -2)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
};

/** Lower-case word tokens; hyphenated words count whole and by part ("high-protein", "protein"). */
export const wordTokens = (text: string): string[] => {
  const out: string[] = [];
  for (const match of foldPunctuation(text)
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)) {
    const word = match[0];
    out.push(word);
    if (word.includes('-')) out.push(...word.split('-'));
  }
  return out;
};

/**
 * The words that carry meaning in a text (for a product: its name and description), filler removed.
 * Numbers with units ("40l", "20g") count; bare numbers and short words do not.
 */
export const contentStems = (text: string): Set<string> => {
  const stems = new Set<string>();
  for (const word of wordTokens(text)) {
    if (STOPWORDS.has(word)) continue;
    if (/^\d+$/.test(word)) continue;
    if (word.length < 3 && !/\d/.test(word)) continue;
    stems.add(stem(word));
  }
  return stems;
};

export const productKeywords = (product: { name: string; description: string }): Set<string> => {
  const keywords = contentStems(`${product.name} ${product.description}`);
  // A product called "Yo" still has a name to mention, however short.
  if (keywords.size === 0) for (const word of wordTokens(product.name)) keywords.add(stem(word));
  return keywords;
};

export const mentionsProduct = (text: string, keywords: Set<string>): boolean =>
  wordTokens(text).some((word) => keywords.has(stem(word)));

/**
 * docs/product/products.md rule 3: a stored brief is re-analysed when it has fewer than 20 hooks,
 * or when its hooks are generic: more than half contain a generic phrase or (given the product)
 * mention nothing from its name or description.
 */
export const needsReanalysis = (
  aiBrief: { hooks?: unknown } | null | undefined,
  product?: { name: string; description: string },
): boolean => {
  const raw: unknown[] = Array.isArray(aiBrief?.hooks) ? aiBrief.hooks : [];
  const hooks = raw.filter((h): h is string => typeof h === 'string' && h.trim().length > 0);
  if (new Set(hooks.map(hookKey)).size < AI_BRIEF_MIN_HOOKS) return true;
  const keywords = product ? productKeywords(product) : null;
  const generic = hooks.filter(
    (hook) => isGenericHook(hook) || (keywords !== null && !mentionsProduct(hook, keywords)),
  ).length;
  return generic * 2 > hooks.length;
};

/**
 * docs/product/products.md rule 3: the editor pre-fills the first stored hook without a generic
 * phrase. One longer than an AI hook may be (120 characters) is not suitable either: older briefs
 * may hold such.
 */
export const preferredHook = (hooks: readonly string[]): string | null =>
  hooks.find(
    (hook) => hook.trim() && hook.trim().length <= AI_HOOK_MAX_CHARS && !isGenericHook(hook),
  ) ?? null;
