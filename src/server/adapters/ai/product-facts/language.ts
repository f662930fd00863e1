import nlp from 'compromise';
import { termsOf } from '../tagged-terms';

// What compromise (a part-of-speech tagger with an English lexicon) tells about the seller's
// words: which are adjectives, which are verbs, which are everyday words rather than a brand.

// Tagging takes milliseconds and the same few verbs and nouns come back for every hook.
const INFINITIVES = new Map<string, string | null>();
const SINGULARS = new Map<string, string | null>();
const MEMO_LIMIT = 5000;
const remember = <T>(memo: Map<string, T>, key: string, work: () => T): T => {
  if (memo.has(key)) return memo.get(key)!;
  const value = work();
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
};

/** The tags each word of a text was given in its own sentence, so context decides. */
export type WordTags = Map<string, Set<string>>;

export const tagWords = (text: string): WordTags => {
  const tags: WordTags = new Map();
  for (const t of termsOf(text)) {
    const word = (t.normal ?? t.text).toLowerCase();
    const set = tags.get(word) ?? new Set<string>();
    for (const tag of t.tags) set.add(tag);
    tags.set(word, set);
  }
  return tags;
};

// "sweat-proof", "fragrance-free", "pet-safe": made adjectives, which the lexicon lacks.
const COMPOUND_ADJECTIVE = /^[a-z]+-(?:free|proof|safe|friendly|resistant|tested|approved|sized)$/;
const KNOWN_ADJECTIVES = new Set(['waterproof', 'leakproof', 'rechargeable', 'reusable']);

/** A trait worth quoting ("lightweight", "gluten-free"): every word an adjective here. */
export const isAdjectivePhrase = (phrase: string, tags: WordTags): boolean => {
  const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  return (
    words.length > 0 &&
    words.every(
      (w) =>
        COMPOUND_ADJECTIVE.test(w) ||
        KNOWN_ADJECTIVES.has(w) ||
        (tags.get(w)?.has('Adjective') === true && tags.get(w)?.has('Noun') !== true),
    )
  );
};

/** Whether the tagger read a word as a noun and never as a verb (then it starts no claim). */
export const isOnlyNoun = (word: string, tags: WordTags): boolean => {
  const set = tags.get(word.toLowerCase());
  return !!set && set.has('Noun') && !set.has('Verb');
};

/** "brightens" → "brighten", "carries" → "carry", "has" → "have", by the tagger's conjugation. */
export const infinitiveOf = (verb: string): string | null =>
  remember(INFINITIVES, verb, () => {
    const out = nlp(`it ${verb}`).verbs().toInfinitive().text().trim();
    const word = out.split(/\s+/).at(-1)?.toLowerCase();
    return word && word !== 'it' && word !== verb.toLowerCase() ? word : null;
  });

/** "busy moms" → "busy mom", "people" → "person". */
export const singularOf = (plural: string): string | null =>
  remember(SINGULARS, plural, () => {
    const out = nlp(plural).nouns().toSingular().text().trim();
    return out && out.toLowerCase() !== plural.toLowerCase() ? out.toLowerCase() : null;
  });

const PLURALS = new Map<string, boolean>();

/** "earrings", "latches", "bands": a plural noun, which takes "are" and "make". */
export const isPluralNoun = (word: string): boolean =>
  remember(PLURALS, word.toLowerCase(), () => {
    const lower = word.toLowerCase();
    if (!/s$/.test(lower) || /(?:ss|us|is)$/.test(lower)) return false;
    // "bites" alone reads as a verb; after "the" it is the noun it is in a product name.
    return nlp(`the ${lower}`).nouns().isPlural().found;
  });
