import { termsOf, type TaggedTerm } from '../tagged-terms';
import { infinitiveOf } from './language';

// Reading the seller's sentences: which words are verbs, and where one claim ends and the next starts.

const NOT_VERBS = new Set([
  'this',
  'its',
  'was',
  'has',
  'his',
  'hers',
  'yours',
  'ours',
  'always',
  'perhaps',
  'sometimes',
  'less',
  'plus',
  'various',
  'previous',
  'series',
  'glass',
  'vitamins',
  'results',
  'pancakes',
  'cables',
  'includes',
]);
// "includes" is a verb, but "includes a pouch" reads badly as a claim; it is a feature list.

const IRREGULAR_BASE: Record<string, string> = { is: 'be', has: 'have', does: 'do', goes: 'go' };

export const isVerbLike = (word: string | undefined): boolean =>
  !!word &&
  /^[a-z]+s$/.test(word) &&
  word.length >= 4 &&
  !/(?:ss|us|is)$/.test(word) &&
  !NOT_VERBS.has(word);

/** "brightens" → "brighten", "carries" → "carry", "fixes" → "fix": the tagger first, then rules. */
export const baseVerb = (verb: string): string => {
  const irregular = IRREGULAR_BASE[verb];
  if (irregular) return irregular;
  const tagged = /^[a-z]+s$/.test(verb) ? infinitiveOf(verb) : null;
  if (tagged && verb.startsWith(tagged.slice(0, 2))) return tagged;
  if (verb.endsWith('ies')) return `${verb.slice(0, -3)}y`;
  if (/(?:sses|shes|ches|xes|zes|oes)$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
};

/** Words after which a verb-like word is a verb: "and layers under makeup", "and fits a drawer". */
const VERB_FOLLOWERS = new Set(
  'a an the any every your my their its in into onto on under over to with without from up down out away off flat great well fast'.split(
    ' ',
  ),
);

/**
 * Turns a third-person claim into the base form, each of its joined verbs too: "brightens dull
 * skin" → "brighten dull skin", "squeezes a lime and fits a drawer" → "squeeze a lime and fit a
 * drawer" (after "doesn't" or "could", "and fits" read wrong). A word after "and", "or" or a
 * comma counts as a verb when it looks like one and the tagger or the next word says so; a plural
 * noun ending the claim ("kids and pets") never does.
 */
export const claimBase = (claim: string): string => {
  const words = claim.split(' ');
  // Tagged only when a joined word looks like a verb: most claims have none.
  let tagged: readonly TaggedTerm[] | undefined;
  return words
    .map((word, at) => {
      if (at === 0) return baseVerb(word);
      const joined = /^(?:and|or)$/.test(words[at - 1]!) || words[at - 1]!.endsWith(',');
      const next = words[at + 1];
      if (!joined || !next || !isVerbLike(word)) return word;
      if (VERB_FOLLOWERS.has(next.toLowerCase())) return baseVerb(word);
      tagged ??= termsOf(claim);
      // Term by term when the tagger kept the claim's words as they are, else by the word itself.
      const term =
        tagged.length === words.length ? tagged[at] : tagged.find((t) => t.text === word);
      return term?.tags.includes('Verb') ? baseVerb(word) : word;
    })
    .join(' ');
};

// Brand words and acronyms keep their case ("GlowDrop", "USB-C", "40L", "C"); plain words do not.
// "Leave-In" and "No-Pull" are title case, not brands: each part is judged alone.
export const midSentenceWord = (word: string) =>
  word.length === 1 || word.split('-').some((p) => /[A-Z]/.test(p.slice(1))) || /\d/.test(word)
    ? word
    : word.toLowerCase();

export const LEADING_FILLER =
  /^(?:it|this|that|which|and|also|plus|so|then|they|it's|it also|and it)\s+/i;

export const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|[\n;]+|\s+[-–—]\s+/)
    .map((s) => s.replace(/[.!?]+$/, '').trim())
    .filter(Boolean);

/** Splits a sentence at ", " and " and " only where a new verb starts, so "wood, glass or metal" stays whole. */
export const clausesOf = (sentence: string): string[] => {
  const pieces = sentence.split(/(,\s*(?:and\s+)?|\s+and\s+)/);
  const clauses: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = (pieces[i] ?? '').trim();
    if (!piece) continue;
    const stripped = piece.replace(LEADING_FILLER, '');
    const firstWord = stripped.split(' ')[0]?.toLowerCase();
    if (clauses.length === 0 || isVerbLike(firstWord)) clauses.push(piece);
    else clauses[clauses.length - 1] += `${pieces[i - 1] ?? ' '}${piece}`;
  }
  return clauses;
};

export const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
