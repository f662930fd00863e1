/**
 * Rules every writer's output goes through (spec 02 §9), so an LLM and the local writer give
 * hooks that obey the same contract.
 */

/** Spec 02 §9: a hook containing one of these is generic. */
export const GENERIC_PHRASES = ['this fixes it', 'save time', 'time saver', 'not kidding'] as const;

// Curly quotes and the like would let "not kidding" slip past a plain comparison.
const foldPunctuation = (text: string) =>
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

/** Models number their lines, quote them and tack hashtags on; none of that belongs in a hook. */
export const cleanHook = (raw: string): string => {
  let text = foldPunctuation(raw).replace(/\s+/g, ' ').trim();
  text = text.replace(/^(?:\d{1,2}[.)]|[-*•])\s+/, '');
  text = text.replace(/(?:\s+#[\p{L}\p{N}_]+)+$/u, '');
  const quoted = /^"(.*)"$/.exec(text);
  if (quoted?.[1] && !quoted[1].includes('"')) text = quoted[1];
  return text.trim();
};

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

export const stem = (word: string) => {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
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

export type FinalizeHooksOptions = {
  maxChars: number;
  exclude?: Iterable<string>;
  /** When given, a hook must mention one of these (spec 02 §9: otherwise it is generic). */
  keywords?: Set<string>;
  limit?: number;
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
