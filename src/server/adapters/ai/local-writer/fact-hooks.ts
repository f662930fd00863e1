import { claimBase } from '../product-facts';
import type { ProductFacts } from '../product-facts';
import type { FactUnit } from './fact-units';
import { a, cap, noArticle } from './text-helpers';

// Hooks written around one fact of the seller's, in the fact's own words. Each kind of fact has
// formulas whose slot suits it: a verb phrase after "this {item}", a noun phrase after "the",
// a number as a headline. Every line still goes through the sentence gate, so a fact whose
// words do not fit a formula is skipped by that formula, not forced into it.

type Render = (f: ProductFacts, text: string) => string | null | false;

const bare = (text: string) => noArticle(text).replace(/^with\s+/i, '');
/** "no seeds in your glass" → "No seeds in your glass" as a sentence of its own. */
const sentence = (text: string) => cap(text).replace(/[.!?]*$/, '');

const BY_KIND: Record<FactUnit['kind'], Render[]> = {
  claim: [
    (f, t) => `This ${f.item} ${t}`,
    (f, t) => `I didn't expect ${a(f.item)} to ${claimBase(t)}`,
    (f, t) => `Nobody talks about how this ${f.item} ${t}`,
    (f, t) => `POV: your new ${f.head} ${t}`,
    (f, t) => `Wait till you see how this ${f.item} ${t}`,
    (f, t) => `"Another ${f.head}?" Yes, but this one ${t}`,
  ],
  negation: [
    (f, t) => `${sentence(t)}. That's the ${f.item}`,
    (f, t) => (/^no\s/i.test(t) ? `The ${f.item} with ${t}` : `Finally, ${a(f.item)} that ${t}`),
    (f, t) => `POV: ${t}, thanks to this ${f.item}`,
    (f, t) => `${sentence(t)}? Yes, this ${f.item} does that`,
    (f, t) => `Why I switched to this ${f.item}: ${t}`,
  ],
  number: [
    (f, t) => `${sentence(t)}. This ${f.item} is not playing around`,
    // A headline of a few words only: a whole sentence before "in one line" is not one line.
    (f, t) => t.split(/\s+/).length <= 5 && `${sentence(t)}: the ${f.item} in one line`,
    (f, t) => `The number that sold me on this ${f.item}: ${t}`,
    (f, t) => `Read that again: ${t}. That's this ${f.item}`,
    (f, t) => `Okay but ${t}? This ${f.item} is different`,
  ],
  feature: [
    (f, t) => `${sentence(bare(t))}. That's why I kept this ${f.item}`,
    (f, t) => `The detail nobody mentions about this ${f.item}: ${bare(t)}`,
    (f, t) => `Things I love about this ${f.item}: ${bare(t)}`,
    (f, t) => `${sentence(bare(t))}? Yes, this ${f.item}`,
    (f, t) => `Why this ${f.item} stays: ${bare(t)}`,
  ],
  trait: [
    (f, t) => `${sentence(t)} and still this good? The ${f.item}`,
    (f, t) => `Why is nobody talking about how ${t} this ${f.item} is?`,
    (f, t) => `${sentence(t)}. That's the ${f.item} in two words`,
  ],
  audience: [
    (f, t) => `${sentence(t)}: the ${f.item} you need to see`,
    (f, t) => `Made ${t.replace(/^(?:made|great|good|perfect)\s+/i, '')}: this ${f.item}`,
    (f, t) => `If this sounds like you, watch this: ${f.item} ${t}`,
  ],
};

/**
 * A fact that names the product itself ("Lightweight vitamin C serum for busy moms") needs no
 * "this vitamin C serum" after it: these say it once.
 */
const SELF_NAMED: Render[] = [
  (_, t) => `${sentence(t)}. That's the one I kept`,
  (_, t) => `${sentence(t)}. Enough said`,
  (_, t) => `${sentence(t)}. Yes, really`,
];

const times = (text: string, word: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w === word.toLowerCase()).length;

/** The hooks of one fact, the `round`th formula first, so each round tells it another way. */
export const hooksOfUnit = (f: ProductFacts, unit: FactUnit, round: number): string[] => {
  const noun = f.item.split(' ').at(-1) ?? f.head;
  // "sold as a pair" for a pair of earrings names it too ("… this pair of …: sold as a pair").
  const named = [noun, f.head].filter((w, i, all) => all.indexOf(w) === i);
  const selfNamed = named.some((w) => times(unit.text, w) > 0);
  const renders = selfNamed ? [...BY_KIND[unit.kind], ...SELF_NAMED] : BY_KIND[unit.kind];
  const out: string[] = [];
  for (let i = 0; i < renders.length; i++) {
    const line = renders[(round + i) % renders.length]!(f, unit.text);
    // "… vitamin C serum. That's why I kept this vitamin C serum" says the product twice.
    if (line && !(selfNamed && named.some((w) => times(line, w) > 1))) out.push(line);
  }
  return out;
};
