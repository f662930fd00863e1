import nlp from 'compromise';
import type { TaggedTerm as Term } from './tagged-terms';
import { termsOf } from './tagged-terms';

/**
 * The sentence gate of issue 27 (docs/decisions/080-sentence-gate.md): every line a writer
 * gives a seller (hooks, hook seeds, slides, captions, template fills, campaign items) is read
 * with compromise's part-of-speech tags before it is kept. A line fails when a phrase is cut
 * off where a slot was filled ("40 kg for, no compromises"), when it stands in for the product
 * instead of naming it ("The product fixes it?"), when it says a double negative ("doesn't
 * leave no white cast"), when a sentence of it has no word that carries meaning, or when it
 * quotes a number the seller never wrote. A formula whose line fails is skipped, never kept.
 */
const NUMBER = /\d+(?:[.,]\d+)*/g;
// Counts a formula may use whatever the text says: "3 reasons", "5 things". "Day 14" is not
// one of them: a day count is a claim only the seller can make (issue 27).
const FORMULA_COUNT = /\b\d\s+(?:reasons?|things?|ways?|tips?)\b/gi;

/**
 * Whether every number a text quotes is one the seller wrote, whole: "1.5 cm" must not come back
 * as "1 cm" and "$24" not as "$19" (issue 10). A formula's own count ("3 reasons") is allowed.
 */
export const quotesNumbersFaithfully = (text: string, source: string): boolean => {
  const known = new Set(source.match(NUMBER) ?? []);
  return (text.replace(FORMULA_COUNT, '').match(NUMBER) ?? []).every((n) => known.has(n));
};

export type GateProblem =
  'empty' | 'cut-off' | 'placeholder' | 'double-negative' | 'fragment' | 'invented-number';

export type GateFinding = { problem: GateProblem; detail: string };

/**
 * Words that stand in for a product or a benefit without naming one. A sentence whose only
 * nouns are these (and pronouns) has a slot that was never filled: "Product?", "The product
 * fixes it?", "Everyday pain it removes?".
 */
const STAND_INS = new Set([
  'product',
  'products',
  'item',
  'items',
  'thing',
  'things',
  'stuff',
  'pain',
  'solution',
  'problem',
  'result',
  'results',
  'benefit',
  'benefits',
  'feature',
  'features',
  'placeholder',
]);

/**
 * Adverbial particles a phrase may end on ("set it up", "hands off"); compromise tags some of
 * them as prepositions when no verb is next to them.
 */
const END_PARTICLES = new Set(['up', 'off', 'on', 'out', 'down', 'away', 'back', 'around', 'over']);

/** Closed-class words compromise may tag loosely ("no" is an Expression to it). */
const DANGLING = new Set(['no', 'not', 'very', 'than', 'every', 'each', 'some', 'any', 'such']);

const NEGATIVE_WORDS = '(no|nothing|none|nobody|nowhere|never|neither)';

// The second half of a double negative is one of these words, so a clause without one after its
// first word cannot hold one: most clauses skip compromise's match, which was most of the gate's
// time (it tags the clause again and compiles the pattern on every call).
const SECOND_NEGATIVE = new RegExp(`\\S.*\\b${NEGATIVE_WORDS}\\b`, 'i');

/** The words of a double negative in one clause ("doesn't leave no"), or null. */
const doubleNegativeIn = (clause: string): string | null => {
  if (!SECOND_NEGATIVE.test(clause)) return null;
  const doubled = nlp(clause).match(`#Negative .{0,3} ${NEGATIVE_WORDS}`);
  return doubled.found ? doubled.text() : null;
};

const normalOf = (term: Term) => (term.normal ?? term.text).toLowerCase();

/** Where a phrase ends: at a comma, colon, question mark or the end of a sentence or line. */
const endsPhrase = (term: Term, last: boolean) => last || /[,;:?!.…]/.test(term.post);

/** Pointing words may end a phrase: "watch this", "I love that". */
const DEMONSTRATIVES = new Set(['this', 'that', 'these', 'those']);

const isVerbal = (term: Term | undefined) =>
  !!term && term.tags.some((t) => ['Verb', 'Copula', 'Auxiliary'].includes(t));
const isPronoun = (term: Term | undefined) => !!term && term.tags.includes('Pronoun');

/**
 * Whether a phrase stops where a slot should have gone on. English strands a preposition after
 * a verb ("what my friends keep asking about", "where it's from") and ends on a modal after a
 * pronoun ("more work than it should"), so those read whole; after a noun or a number the
 * preposition is a cut ("40 kg for,", "480 g with?").
 */
const cutOff = (term: Term, previous: Term | undefined, last: boolean, earlier?: Term): boolean => {
  const tags = new Set(term.tags);
  const word = normalOf(term);
  if (!word) return false;
  if (tags.has('Particle') || tags.has('PhrasalVerb')) return false;
  if (tags.has('Preposition')) {
    // "one hand on", "clamps on"; a number before it ("480 g on?") means a cut slot.
    const measure = [previous, earlier].some((t) => !!t && /\d/.test(t.text));
    if (END_PARTICLES.has(word) && previous && !measure) return false;
    // Stranded only where the sentence ends: "works with, no compromises" is a cut slot.
    const ends = last || /[?!.…]/.test(term.post);
    return !(ends && (isVerbal(previous) || isPronoun(previous)));
  }
  if (DEMONSTRATIVES.has(word)) return false;
  // "220 g each", "$5 each": a distributive after a measure or a noun is whole.
  if (word === 'each' && previous?.tags.some((t) => t === 'Noun' || t === 'Value')) return false;
  if (tags.has('Determiner') || tags.has('Conjunction') || tags.has('Possessive')) return true;
  if (tags.has('Modal') || (tags.has('Auxiliary') && !tags.has('Copula'))) {
    return !isPronoun(previous);
  }
  return DANGLING.has(word);
};

const sentencePieces = (line: string) =>
  line
    .split(/(?<=[.?!…])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The problems of one line, empty when it may be kept. `source` is the seller's own text. */
export const gateFindings = (line: string, source?: string): GateFinding[] => {
  const text = line.replace(/\s+/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return [{ problem: 'empty', detail: 'no words' }];
  const findings: GateFinding[] = [];
  if (/[{}[\]<>]|_{2,}|\bundefined\b|\bnull\b|\bNaN\b/.test(text)) {
    findings.push({ problem: 'placeholder', detail: 'template syntax left in the line' });
  }
  for (const piece of sentencePieces(text)) {
    const terms = termsOf(piece).filter((t) => /[\p{L}\p{N}]/u.test(t.text));
    if (terms.length === 0) continue;
    terms.forEach((term, i) => {
      // "Before: frizz." A label that opens the sentence may be one function word.
      const label = i === 0 && term.post.includes(':');
      const last = i === terms.length - 1;
      if (!label && endsPhrase(term, last) && cutOff(term, terms[i - 1], last, terms[i - 2])) {
        findings.push({ problem: 'cut-off', detail: `"${piece}" stops at "${term.text}"` });
      }
    });
    const nouns = terms.filter(
      (t) => t.tags.includes('Noun') && !t.tags.includes('Pronoun') && !t.tags.includes('Value'),
    );
    const standIns = terms.filter((t) => STAND_INS.has(normalOf(t)));
    const named = nouns.filter((t) => !STAND_INS.has(normalOf(t)));
    const hasNumber = terms.some((t) => t.tags.includes('Value'));
    if (standIns.length > 0 && named.length === 0 && !hasNumber) {
      findings.push({ problem: 'placeholder', detail: `"${piece}" names no product` });
    }
    const meaningful = terms.some((t) =>
      t.tags.some((tag) =>
        ['Noun', 'Verb', 'Adjective', 'Value', 'Adverb', 'Expression'].includes(tag),
      ),
    );
    if (!meaningful) findings.push({ problem: 'fragment', detail: `"${piece}" says nothing` });
    // Within one clause: "not the screen, so no glare" holds two clauses, each negative once.
    for (const clause of piece.split(/[,;:]|\s(?:so|but|and|or|because|while)\s/)) {
      const doubled = doubleNegativeIn(clause);
      if (doubled) findings.push({ problem: 'double-negative', detail: `"${doubled}"` });
    }
  }
  if (source !== undefined && !quotesNumbersFaithfully(text, source)) {
    findings.push({ problem: 'invented-number', detail: 'a number the seller did not write' });
  }
  // "Day 30 of using it" claims 30 days of use: only when the seller wrote "30 days".
  for (const [, day] of text.matchAll(/\bday\s+(\d+)\b/gi)) {
    if (source !== undefined && !new RegExp(`\\b${day}[\\s-]*days?\\b`, 'i').test(source)) {
      findings.push({ problem: 'invented-number', detail: `day ${day} the seller never gave` });
    }
  }
  return findings;
};

const MEMO = new Map<string, boolean>();
const MEMO_LIMIT = 20_000;

/** Whether a line may be kept; the same line is read once per process (tagging is the cost). */
export const passesGate = (line: string, source?: string): boolean => {
  const key = `${line}\u0000${source ?? ''}`;
  const known = MEMO.get(key);
  if (known !== undefined) return known;
  const ok = gateFindings(line, source).length === 0;
  if (MEMO.size >= MEMO_LIMIT) MEMO.clear();
  MEMO.set(key, ok);
  return ok;
};
