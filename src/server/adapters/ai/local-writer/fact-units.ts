import nlp from 'compromise';
import { termsOf } from '../tagged-terms';
import { contentStems } from '#contract/hook-rules';
import type { ProductFacts } from '../product-facts';
import { isVerbLike } from '../product-facts/clauses';
import { gateFindings } from '../sentence-gate';

/**
 * The seller's facts one by one, as issue 27 counts them (docs/decisions/081-facts-by-segment.md):
 * every sentence, bullet and comma part of the description is a fact unit, read with compromise
 * as a number, a claim (a verb phrase), a negation ("no seeds in your glass"), an audience, a
 * trait or a feature (a noun phrase). Hooks are written per unit, so each fact is used, and the
 * stems say which hooks used it, so none is used in more than a quarter of them.
 */
export type FactKind = 'number' | 'claim' | 'negation' | 'audience' | 'trait' | 'feature';
export type FactUnit = { kind: FactKind; text: string; stems: Set<string> };

const CONTRACTIONS: Record<string, string> = {
  dont: "don't",
  doesnt: "doesn't",
  wont: "won't",
  isnt: "isn't",
  arent: "aren't",
  cant: "can't",
  didnt: "didn't",
  im: "I'm",
  youre: "you're",
  whats: "what's",
  thats: "that's",
};

/** What sellers type that copy does not keep: emoji, "lol", "!!!", shouting, "w/", "+". */
export const tidySellerText = (text: string) =>
  text
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, ' ')
    .replace(/\(([^)]*)\)/g, (_, inner: string) => (/\blol\b|!/.test(inner) ? ' ' : `, ${inner}`))
    .replace(/\b(?:lol|lmao|haha|tbh|honestly)\b/gi, ' ')
    .replace(/\bw\/\s?/gi, 'with ')
    .replace(/\s\+\s/g, ' and ')
    .replace(/\s[x×]\s?(\d+)\b/g, ', $1 pack')
    .replace(/~(?=\d)/g, 'about ')
    .replace(/([!?])\1+/g, '$1')
    .replace(/\b[A-Z]{2,}(?:\s+[A-Z]{2,})+\b/g, (run) => run.toLowerCase())
    .replace(/\b[A-Z]{5,}\b/g, (word) => word.toLowerCase())
    .replace(/\b([a-z]+)\b/gi, (word) => CONTRACTIONS[word.toLowerCase()] ?? word)
    .replace(/[ \t]+/g, ' ')
    .replace(/\s+,/g, ',');

const SUBORDINATE = /\s(?:so|when|because|while|if|since|per)\s/i;

/** A comma starts a new fact when a number, a negation, a verb or an audience follows it. */
const startsFact = (part: string) => {
  const first = part.split(/\s+/)[0]?.toLowerCase() ?? '';
  return /\d/.test(first) || NEGATION.test(part) || AUDIENCE_START.test(part) || isVerbLike(first);
};

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A comma part that cannot stand alone goes on with the one before: a contrast ("soft, not
 * tangled"), a list going on ("in the shower, at the gym and to sleep") or a parallel ("one hand
 * on, one hand off").
 */
const continues = (part: string, previous: string) => {
  const first = part.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (/^(?:not|nor|or|at|in|on|to|into|under|through|from|and|but)$/.test(first)) return true;
  return first.length > 0 && previous.split(/\s+/)[0]?.toLowerCase() === first;
};

const splitAtFacts = (sentence: string) => {
  // "10,000 mAh" is one number, not a list.
  const parts = sentence.split(/,(?!\d)\s*(?:and\s+)?/);
  const out: string[] = [];
  let previous = '';
  for (const part of parts) {
    const last = out.at(-1);
    const text = part.trim();
    const joins =
      last !== undefined &&
      (continues(text, previous) || (!startsFact(text) && wordCount(`${last} ${part}`) <= 8));
    if (joins) out[out.length - 1] = `${last}, ${part}`;
    else out.push(part);
    previous = text;
  }
  return out;
};

const segmentsOf = (description: string) =>
  tidySellerText(description)
    .split(/(?<=[.!?])\s+|\n+|;\s*|\s[-–—]\s|:\s/)
    .flatMap(splitAtFacts)
    .map((s) =>
      s
        .replace(/^[\s•*·-]+/, '')
        .replace(/[.!?,]+$/, '')
        .replace(/^(?:and|also|plus|it|this|they)\s+/i, '')
        .trim(),
    )
    // "lined with satin so your curls don't frizz": two facts, the reason is one of them.
    .flatMap((s) => {
      const at = wordCount(s) > 5 ? s.search(SUBORDINATE) : -1;
      if (at <= 0) return [s];
      const rest = s.slice(at).replace(/^\s*\S+\s+/, '');
      return [s.slice(0, at), rest];
    })
    .filter((s) => /\p{L}|\d/u.test(s) && wordCount(s) <= 14);

const NEGATION = /^(?:no|zero|non|never|without|doesn't|don't|won't|isn't|can't|nothing)\b/i;
const AUDIENCE_START = /^(?:for|made for|great for|good for|perfect for)\s/i;

const kindOf = (segment: string): FactKind => {
  if (AUDIENCE_START.test(segment)) return 'audience';
  if (NEGATION.test(segment)) return 'negation';
  const terms = termsOf(segment);
  // "holds 15 kg each" says what the product does: a claim that carries a number.
  if (isVerbLike(segment.split(/\s+/)[0]?.toLowerCase())) return 'claim';
  if (/\d/.test(segment)) return 'number';
  const [first, second] = termsOf(`it ${segment.toLowerCase()}`).slice(1);
  const takesObject =
    !!second &&
    second.tags.some((t) => ['Determiner', 'Preposition', 'Adverb', 'Possessive'].includes(t));
  if (isVerbLike(first?.text.toLowerCase()) || (first?.tags.includes('Infinitive') && takesObject))
    return 'claim';
  if (terms.every((t) => t.tags.includes('Adjective') || /-(?:free|proof|safe)$/.test(t.text))) {
    return 'trait';
  }
  return 'feature';
};

/** "flatten a whitehead overnight" → "flattens a whitehead overnight": the product does it. */
export const thirdPerson = (claim: string) => {
  const [first = '', ...rest] = claim.split(' ');
  if (/s$/i.test(first)) return claim.charAt(0).toLowerCase() + claim.slice(1);
  const verb = nlp(`it ${first.toLowerCase()}`).verbs().toPresentTense().text().split(' ').at(-1);
  return [verb && verb !== 'it' ? verb : first.toLowerCase(), ...rest].join(' ');
};

/**
 * "grippy even": a seller's note that trails off on a word that cannot end a phrase would cut
 * every hook written around it, so those last words go (the gate reads where it stops).
 */
const wholeEnding = (text: string): string => {
  let words = text.split(/\s+/);
  for (let tries = 0; tries < 2 && words.length > 1; tries++) {
    const line = words.join(' ');
    const last = words.at(-1)!;
    const stops = gateFindings(`${line.charAt(0).toUpperCase()}${line.slice(1)}.`).some(
      (f) => f.problem === 'cut-off' && f.detail.endsWith(`stops at "${last}"`),
    );
    if (!stops) break;
    words = words.slice(0, -1);
  }
  return words.join(' ');
};

const CODE = /\b[A-Z]{2,3}\b/g;

const UNITS = new Map<string, FactUnit[]>();

/** The fact units of a product, at most sixteen, in the seller's order. */
export const factUnitsOf = (f: ProductFacts, description: string): FactUnit[] => {
  const key = `${f.name}\u0000${description}`;
  const known = UNITS.get(key);
  if (known) return known;
  const itemStems = contentStems(`${f.item} ${f.name}`);
  const nameNumbers = new Set(f.name.match(/\d+(?:[.,]\d+)?/g) ?? []);
  const units: FactUnit[] = [];
  const seen = new Set<string>();
  for (const segment of segmentsOf(description)) {
    const stems = new Set([...contentStems(segment)].filter((s) => !itemStems.has(s)));
    // A number the name carries ("SPF 50") is said by every hook that names the product.
    const numbers = (segment.match(/\d+(?:[.,]\d+)?/g) ?? []).filter((n) => !nameNumbers.has(n));
    for (const n of numbers) stems.add(n);
    // Sizes and grades the seller writes in capitals ("XS to XL") are too short for stems.
    for (const code of segment.match(CODE) ?? []) {
      if (!itemStems.has(code.toLowerCase())) stems.add(code.toLowerCase());
    }
    if (stems.size === 0) continue;
    const signature = [...stems].sort().join(' ');
    if (seen.has(signature)) continue;
    seen.add(signature);
    const kind = kindOf(segment);
    const text = wholeEnding(kind === 'claim' ? thirdPerson(segment) : segment);
    if (!text) continue;
    // "SPF 50" keeps its capitals; "Flatten a whitehead" and "A lightweight serum" do not.
    const lowered = /^(?:\p{Lu}\p{Ll}|A\s)/u.test(text)
      ? text.charAt(0).toLowerCase() + text.slice(1)
      : text;
    units.push({ kind, text: lowered, stems });
  }
  const out = units.slice(0, 16);
  if (UNITS.size >= 500) UNITS.clear();
  UNITS.set(key, out);
  return out;
};

/** A line's words as units count them: stems, numbers and capital codes ("XL"). */
const lineStems = (line: string, ignore: ReadonlySet<string>) =>
  new Set(
    [
      ...contentStems(line),
      ...(line.match(/\d+(?:[.,]\d+)?/g) ?? []),
      ...(line.match(CODE) ?? []).map((c) => c.toLowerCase()),
    ].filter((s) => !ignore.has(s)),
  );

/**
 * The units a line uses: a stem only that unit has ("clear brow gel" and "holds brows up all day"
 * share "brow", which says neither), or any of its stems when it has none of its own.
 */
export const unitsUsedBy = (
  line: string,
  units: readonly FactUnit[],
  ignore: ReadonlySet<string> = new Set(),
) => {
  const stems = lineStems(line, ignore);
  const has = (s: string) => stems.has(s);
  return units.filter((u) => {
    const own = [...u.stems].filter((s) => !units.some((o) => o !== u && o.stems.has(s)));
    return (own.length > 0 ? own : [...u.stems]).some(has);
  });
};

/** The stems of the seller's facts a line says, for the cap on any one word's share. */
export const factStemsIn = (
  line: string,
  units: readonly FactUnit[],
  ignore: ReadonlySet<string> = new Set(),
) => {
  const stems = lineStems(line, ignore);
  const out = new Set<string>();
  for (const u of units) for (const s of u.stems) if (stems.has(s)) out.add(s);
  return [...out];
};
