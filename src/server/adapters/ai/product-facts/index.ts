import type { AiProductInput } from '../ai-writer';
import type { Category } from './category';
import { detectCategory, FALLBACK_AUDIENCE } from './category';
import {
  clausesOf,
  isVerbLike,
  LEADING_FILLER,
  midSentenceWord,
  sentencesOf,
  wordsOf,
} from './clauses';
import type { Pain } from './details';
import type { WordTags } from './language';
import { isAdjectivePhrase, isOnlyNoun, isPluralNoun, singularOf, tagWords } from './language';
import {
  findAudience,
  findPain,
  findPrice,
  QUANTITY,
  singular,
  TIMEFRAME,
  uniqueBy,
} from './details';

export type { Category } from './category';
export { claimBase } from './clauses';
export { findPrice } from './details';
export { detectCategory } from './category';
export { isPluralNoun } from './language';

/**
 * What a seller's own product text says, pulled out with plain rules so the local writer can
 * build copy from it: the product noun, its claims and features, who it is for, numbers and price.
 * Every field is optional in spirit: a product with only a name still gets `item` and `head`.
 */
export type ProductFacts = {
  /** The name as the seller wrote it, e.g. "GlowDrop Vitamin C Serum". */
  name: string;
  /** The product noun phrase for mid-sentence use, e.g. "vitamin C serum". */
  item: string;
  /** The last word of the name, e.g. "serum". */
  head: string;
  category: Category;
  /** Verb phrases in the third person, e.g. "brightens dull skin in 2 weeks". */
  claims: string[];
  /** Noun phrases the product comes with, e.g. "a padded laptop sleeve". */
  features: string[];
  /** Short descriptive words, e.g. "lightweight", "magnetic". */
  traits: string[];
  /** Plural audience, e.g. "busy moms"; `audienceFromText` says whether the seller wrote it. */
  audience: string | null;
  audienceOne: string | null;
  audienceFromText: boolean;
  pain: Pain | null;
  /** e.g. "2 weeks", "30 seconds". */
  timeframes: string[];
  /** e.g. "20g protein", "40L", "6 cables". */
  quantities: string[];
  price: string | null;
};

/**
 * The words of the name that say what the product is ("silk pillowcase" of "Lumi Silk
 * Pillowcase"): the longest run of everyday words at its end, at most three. A coined word
 * (a brand such as "Lumi") or a size ("40L") ends the run; the brand stays in `name`.
 */
const productNounWords = (nameWords: string[], description: string): string[] => {
  const text = ` ${description.toLowerCase().replace(/[^\p{L}\p{N}\s'+-]/gu, ' ')} `;
  const words = [...nameWords];
  // A size or edition at the end ("SPF 50", "Planner 90-Day") is not the noun.
  while (words.length > 1 && /\d/.test(words.at(-1)!)) words.pop();
  // "Drain Snake 3 Pack", "Dumbbell 24 kg", "Tiles 60 Piece": a count and its unit, not the noun.
  while (
    words.length > 2 &&
    /^\d/.test(words.at(-2)!) &&
    /^(?:pack|pk|piece|pieces|pcs?|count|ct|kg|g|lb|lbs|oz|ml|l|set|pairs?)$/i.test(words.at(-1)!)
  ) {
    words.splice(-2, 2);
  }
  // "Sunscreen SPF": a grade or code after the noun is not the noun either.
  while (words.length > 1 && /^[A-Z]{2,4}$/.test(words.at(-1)!)) words.pop();
  let start = 0;
  while (
    start < words.length - 1 &&
    (/\d/.test(words[start]!) ||
      /[a-z][A-Z]/.test(words[start]!) ||
      !text.includes(` ${words[start]!.toLowerCase()} `))
  ) {
    start++;
  }
  const from = Math.max(start, words.length - 3);
  const picked = words.slice(from);
  // "No Pull Dog Harness": a negating prefix belongs to the word it qualifies ("no-pull").
  const before = words[from - 1];
  const prefixed = !!before && /^(?:no|non|anti)$/i.test(before) && picked.length > 0;
  if (prefixed) picked[0] = `${before}-${picked[0]}`;
  const phrase = picked.join(' ').toLowerCase();
  if (text.includes(` ${phrase} `) || prefixed) return picked;
  // "FlexBand Pro": a brand and an edition name nothing; the description says what it is.
  if (picked.length === 1) {
    const pair = words.slice(-2);
    const plain = pair.length === 2 && /^[A-Z]?[a-z]{3,}$/.test(pair[0]!);
    return openingNoun(description.toLowerCase()) ?? (plain ? pair : picked);
  }
  return describedAs(words, text) ?? picked;
};

/** "Resistance bands set of 5, …" → "resistance bands": the words the description opens on. */
const openingNoun = (text: string): string[] | null => {
  const opening =
    /^\s*(?:(?:a|an|the)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?=\s+(?:set|pack|pair|kit)\s+of\b|\s*[,.]|\s+(?:with|for|that|in|made|\d))/.exec(
      text,
    );
  const words = opening?.[1]?.split(/\s+/) ?? [];
  // "turns tap water into…", "steams and blends": a claim, not a name.
  if (words.some((w) => w === 'and' || w === 'or') || isVerbLike(words[0])) return null;
  // The last two words name it ("pimple patches"); a quality before them is a fact of its own.
  return words.length > 0 && words.length <= 3 ? words.slice(-2) : null;
};

/**
 * The seller's own order of the name's words ("Keto Bites Dark Chocolate" is sold as "dark
 * chocolate bites"): the longest run of the description made only of the name's words.
 */
const describedAs = (nameWords: string[], text: string): string[] | null => {
  const names = new Map(nameWords.map((w) => [w.toLowerCase(), w]));
  const words = text.split(/\s+/).filter(Boolean);
  let best: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let j = i;
    while (j < words.length && names.has(words[j]!) && j - i < 3) j++;
    if (j - i > best.length) best = words.slice(i, j);
  }
  return best.length >= 2 ? best.map((w) => names.get(w)!) : null;
};

/**
 * "A padded harness with a front clip" lists what the product has; "slides off with warm water"
 * or "remote workers with messy desks" do not. The list belongs to the product when it follows
 * the product noun, "comes", a comma, or a sentence that opens with "A"/"An" naming no one else.
 */
const ownsWithList = (before: string, comma: string, itemLower: Set<string>) => {
  const words = before.toLowerCase().split(/\s+/);
  const last = (words.at(-1) ?? '').replace(/[^a-z-]/g, '');
  if (itemLower.has(last) || /^(?:comes?|kit|set|pack)$/.test(last)) return true;
  if (comma && words.length > 3) return true;
  return /^(?:a|an)$/.test(words[0] ?? '') && !/\bfor\b/.test(before.toLowerCase());
};

const isOnlyVerbStart = (phrase: string, tags: WordTags) => {
  const first = phrase.split(/\s+/)[0]?.toLowerCase() ?? '';
  const set = tags.get(first);
  return !!set && set.has('Verb') && !set.has('Noun') && !/^(?:a|an|the)$/.test(first);
};

const PAIRS =
  /^(?:jeans|earrings|sneakers|shoes|boots|socks|earplugs|earbuds|curtains|leggings|pants|shorts|gloves|glasses|sunglasses|headphones|trainers|slippers)$/i;

/** Words the seller writes with a capital inside a sentence: names the copy must keep. */
const sellerCapitals = (description: string) => {
  const out = new Map<string, string>();
  for (const sentence of sentencesOf(description)) {
    for (const word of wordsOf(sentence.replace(/[^\p{L}\p{N}\s'+-]/gu, ' ')).slice(1)) {
      if (/^\p{Lu}/u.test(word)) out.set(word.toLowerCase(), word);
    }
  }
  return out;
};

const FACTS = new Map<string, ProductFacts>();
const FACTS_LIMIT = 500;

/** ", for home bartenders" (or "made for", "perfect for") at the end of a claim naming the audience. */
const audienceTail = (audience: string) =>
  new RegExp(
    `,\\s*(?:(?:made|great|good|perfect)\\s+)?for\\s+${audience.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
    'i',
  );

/** Facts of a product text, kept for the next call: tagging is the slow part of writing. */
export const extractFacts = (product: AiProductInput): ProductFacts => {
  const key = `${product.name}\u0000${product.description}\u0000${product.price ?? ''}`;
  const known = FACTS.get(key);
  if (known) return known;
  const facts = readFacts(product);
  if (FACTS.size >= FACTS_LIMIT) FACTS.clear();
  FACTS.set(key, facts);
  return facts;
};

const readFacts = (product: AiProductInput): ProductFacts => {
  const name = product.name.replace(/\s+/g, ' ').trim();
  const description = product.description.replace(/[ \t]+/g, ' ').trim();
  const nameWords = wordsOf(name.replace(/[^\p{L}\p{N}\s'+-]/gu, ' '));
  const itemWords = productNounWords(nameWords, description);
  const sellerCase = sellerCapitals(description);
  // A word the seller capitalises mid-sentence ("Bluetooth", "Montessori") keeps its capital.
  const inCase = (word: string) => sellerCase.get(word.toLowerCase()) ?? midSentenceWord(word);
  const phraseInCase = (phrase: string) => wordsOf(phrase).map(inCase).join(' ');
  const noun = itemWords.map(inCase).join(' ') || name;
  const nounHead = inCase(itemWords.at(-1) ?? nameWords.at(-1) ?? noun);
  // "Huggie hoop earrings" read as one thing: "a pair of …", "this set of …", so every formula
  // written for one product stays grammatical.
  const container = isPluralNoun(nounHead) ? (PAIRS.test(nounHead) ? 'pair' : 'set') : null;
  const item = container ? `${container} of ${noun}` : noun;
  const head = container ?? nounHead;
  const itemLower = new Set(itemWords.map((w) => w.toLowerCase()));
  const tags = tagWords(description);

  const claims: string[] = [];
  const features: string[] = [];
  const traits: string[] = [];
  const sentences = sentencesOf(description);
  for (const sentence of sentences) {
    const withMatch = /^(.*?)(,?)\s+with\s+(.+)$/i.exec(sentence);
    if (withMatch && ownsWithList(withMatch[1]!, withMatch[2]!, itemLower)) {
      for (const part of withMatch[3]!.split(/,\s*(?:and\s+)?|\s+and\s+/)) {
        const feature = part.trim().replace(/\s+(?:that|which|so)\s.*$/i, '');
        const n = wordsOf(feature).length;
        if (n >= 1 && n <= 6 && feature.length <= 48 && !isOnlyVerbStart(feature, tags)) {
          features.push(phraseInCase(feature));
        }
      }
    }
    // A decimal point or a thousands comma ("1.5 cm", "10,000 mAh") does not end the clause.
    const relative = /\b(?:that|which)\s+([a-z]+s\b(?:[^,.;]|[.,](?=\d))*)/i.exec(sentence)?.[1];
    const relativeVerb = relative?.split(' ')[0]?.toLowerCase();
    if (
      relative &&
      isVerbLike(relativeVerb) &&
      !isOnlyNoun(relativeVerb ?? '', tags) &&
      !/^\S+\s+(?:can|will|may|must|should)\b/.test(relative)
    ) {
      claims.push(relative);
    }

    for (const clause of clausesOf(sentence)) {
      const stripped = clause.replace(LEADING_FILLER, '').trim();
      const words = wordsOf(stripped);
      const first = words[0]?.toLowerCase();
      if (
        isVerbLike(first) &&
        !isOnlyNoun(first ?? '', tags) &&
        words.length >= 2 &&
        words.length <= 12 &&
        stripped.length <= 70
      ) {
        claims.push(stripped.replace(/\s+with\s+.*$/i, (m) => (m.length > 40 ? '' : m)));
        continue;
      }
      for (const part of clause.split(/,\s*(?:and\s+)?|\s+and\s+/)) {
        if (/^(?:ready|done|dry|set up)\s+in\s+\d/i.test(part.trim())) {
          claims.push(`is ${phraseInCase(part.trim().toLowerCase())}`);
          continue;
        }
        const w = wordsOf(part.trim());
        if (w.length < 1 || w.length > 2) continue;
        if (w.some((x) => /\d|[$€£]/.test(x))) continue;
        if (/^(?:a|an|the|just|only|for|with|made|and|it|this|our|your)$/i.test(w[0] ?? ''))
          continue;
        // Only adjectives describe it: "mulberry" or "bedhead" is not a trait of a pillowcase.
        if (isAdjectivePhrase(w.join(' '), tags)) traits.push(phraseInCase(w.join(' ')));
      }
    }
    // "A lightweight vitamin C serum for…": the words before the product noun describe it.
    const lower = wordsOf(sentence.toLowerCase());
    const at = lower.findIndex((w) => itemLower.has(w.replace(/[^a-z0-9-]/g, '')));
    if (at > 0) {
      const before = lower.slice(0, at).filter((w) => !/^(?:a|an|the|our|my|this|your)$/.test(w));
      const phrase = before.filter((w) => !/\d|[$€£]/.test(w)).join(' ');
      if (phrase && before.length <= 3 && isAdjectivePhrase(phrase, tags)) {
        traits.push(phraseInCase(phrase));
      }
    }
  }
  // A trait that repeats the product noun ("high-protein" for a protein mix) adds nothing.
  const cleanTraits = uniqueBy(traits).filter(
    (t) => !t.split(/[\s-]/).some((w) => itemLower.has(w.toLowerCase())) && t.length <= 24,
  );

  const text = `${name}. ${description}`;
  const fromText = findAudience(description) ?? findAudience(name);
  const category = detectCategory(name, description);
  const fallback = FALLBACK_AUDIENCE[category];
  const audience = fromText ?? fallback?.[0] ?? null;
  const audienceOne = fromText
    ? (singular(fromText) ?? singularOf(fromText))
    : (fallback?.[1] ?? null);

  const timeframes = uniqueBy(
    Array.from(description.matchAll(TIMEFRAME), (m) => {
      const n = Number(m[1]);
      const unit = (m[2] ?? '')
        .toLowerCase()
        .replace(/^secs?$/, 'seconds')
        .replace(/^mins?$/, 'minutes');
      const plural = unit.endsWith('s') ? unit : `${unit}s`;
      return n === 1 ? `1 ${plural.slice(0, -1)}` : `${n} ${plural}`;
    }),
  );
  const quantities = uniqueBy(
    Array.from(description.matchAll(QUANTITY), (m) => {
      // "40L backpack" → "40L": the product noun follows the number in the description.
      const words = m[0].trim().split(/\s+/);
      // "40L carry-on travel backpack": the word is the product's modifier when its noun follows.
      const next = /^\s+([a-z-]+)/i.exec(description.slice(m.index + m[0].length))?.[1];
      const modifies = !!next && itemLower.has(next.toLowerCase());
      return ((words.at(-1) ?? '').toLowerCase() === head.toLowerCase() || modifies) &&
        words.length > 1
        ? words.slice(0, -1).join(' ')
        : words.join(' ');
    }).filter((q) => !/^\d+\s?(?:of)?$/.test(q)),
  );

  const oneWordTraits = cleanTraits.filter((t) => !t.includes(' '));

  return {
    name,
    item,
    head,
    category,
    claims: uniqueBy([
      ...claims
        // "replaces 15 sets: twist the dial…" holds two sentences; the first is the claim.
        .map((c) => c.split(/:\s/)[0]!.trim())
        // "fits a kitchen drawer, for home bartenders": who it is for is its own fact, and so is
        // the price ("holds phones up to 7 inches, $19").
        .map((c) => (audience ? c.replace(audienceTail(audience), '') : c))
        .map((c) => c.replace(/,\s*(?:only\s+|just\s+)?[$€£]\d[\d.,]*$/i, ''))
        .filter((c) => wordsOf(c).length >= 2)
        .map((c) => c.charAt(0).toLowerCase() + c.slice(1)),
      // What the seller listed as features and one-word traits are claims too, in their words.
      ...features.slice(0, 2).map((f) => `has ${f}`),
      ...(oneWordTraits.length > 0 ? [`is ${oneWordTraits.slice(0, 2).join(' and ')}`] : []),
    ]).slice(0, 6),
    features: uniqueBy(features).slice(0, 6),
    traits: cleanTraits.slice(0, 4),
    audience,
    audienceOne,
    audienceFromText: fromText !== null,
    pain: findPain(description),
    timeframes,
    quantities,
    price: product.price?.trim()
      ? (findPrice(product.price) ?? product.price.trim())
      : findPrice(text),
  };
};
