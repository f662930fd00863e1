import type { AiProductInput } from './ai-writer';

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
  /** A pain point the seller named: "hate boring breakfasts" → { verb: 'hate', what: 'boring breakfasts' }. */
  pain: { verb: string; what: string } | null;
  /** e.g. "2 weeks", "30 seconds". */
  timeframes: string[];
  /** e.g. "20g protein", "40L", "6 cables". */
  quantities: string[];
  price: string | null;
};

export type Category =
  | 'skincare'
  | 'beauty'
  | 'fitness'
  | 'food'
  | 'travel'
  | 'office'
  | 'tech'
  | 'kitchen'
  | 'home'
  | 'pets'
  | 'baby'
  | 'fashion'
  | 'general';

/** Cue words per category; a word in the name counts double. Order breaks ties. */
export const CATEGORY_CUES: Record<Exclude<Category, 'general'>, string[]> = {
  skincare: [
    'serum',
    'skin',
    'skincare',
    'cream',
    'moisturizer',
    'moisturiser',
    'spf',
    'sunscreen',
    'cleanser',
    'retinol',
    'toner',
    'acne',
    'wrinkles',
    'glow',
    'lotion',
    'dark spots',
    'pores',
  ],
  beauty: ['makeup', 'lipstick', 'mascara', 'hair', 'nail', 'lash', 'perfume', 'brow', 'blush'],
  fitness: [
    'protein',
    'gym',
    'workout',
    'creatine',
    'shaker',
    'yoga',
    'dumbbell',
    'muscle',
    'fitness',
    'running',
    'training',
    'gym-goers',
  ],
  food: [
    'pancake',
    'snack',
    'coffee',
    'tea',
    'breakfast',
    'recipe',
    'flavour',
    'flavor',
    'gluten-free',
    'keto',
    'sauce',
    'granola',
    'cookie',
    'chocolate',
    'serving',
    'vegan',
  ],
  travel: [
    'travel',
    'backpack',
    'luggage',
    'suitcase',
    'carry-on',
    'flight',
    'airline',
    'passport',
    'packing',
    'trip',
    'airport',
  ],
  office: [
    'desk',
    'cable',
    'cables',
    'office',
    'monitor',
    'keyboard',
    'workspace',
    'organiser',
    'organizer',
    'setup',
    'wfh',
  ],
  tech: ['usb-c', 'charger', 'phone', 'headphones', 'earbuds', 'bluetooth', 'battery', 'speaker'],
  kitchen: ['blender', 'smoothie', 'kitchen', 'pan', 'knife', 'cup', 'mug', 'cooking', 'shake'],
  home: ['candle', 'pillow', 'blanket', 'cleaning', 'storage', 'lamp', 'sheets', 'bedroom'],
  pets: ['dog', 'cat', 'pet', 'puppy', 'leash', 'kitten', 'paw'],
  baby: ['baby', 'toddler', 'nursery', 'diaper', 'stroller', 'newborn'],
  fashion: [
    'dress',
    'shirt',
    'jeans',
    'shoes',
    'sneakers',
    'jewelry',
    'necklace',
    'hoodie',
    'outfit',
  ],
};

/** Used only when the seller named no audience, so audience hooks still have someone to call out. */
const FALLBACK_AUDIENCE: Partial<Record<Category, [string, string]>> = {
  travel: ['frequent flyers', 'frequent flyer'],
  office: ['remote workers', 'remote worker'],
  fitness: ['gym-goers', 'gym-goer'],
  kitchen: ['home cooks', 'home cook'],
  pets: ['pet parents', 'pet parent'],
  baby: ['new parents', 'new parent'],
  food: ['breakfast people', 'breakfast person'],
};

const AUDIENCE_NOUN =
  /(?:ers|ors|ists|ians|ents|moms|mums|dads|parents|people|women|men|kids|girls|guys|boys|babies|owners|lovers|goers|fans|students|nurses|teachers|creators|families|couples|athletes|gamers|professionals|beginners|travellers|travelers|flyers|brides|newbies)$/;

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

const isVerbLike = (word: string | undefined): boolean =>
  !!word &&
  /^[a-z]+s$/.test(word) &&
  word.length >= 4 &&
  !/(?:ss|us|is)$/.test(word) &&
  !NOT_VERBS.has(word);

/** "brightens" → "brighten", "carries" → "carry", "fixes" → "fix". */
export const baseVerb = (verb: string): string => {
  const irregular = IRREGULAR_BASE[verb];
  if (irregular) return irregular;
  if (verb.endsWith('ies')) return `${verb.slice(0, -3)}y`;
  if (/(?:sses|shes|ches|xes|zes|oes)$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
};

/** Turns a third-person claim into the base form: "brightens dull skin" → "brighten dull skin". */
export const claimBase = (claim: string): string => {
  const [first = '', ...rest] = claim.split(' ');
  return [baseVerb(first), ...rest].join(' ');
};

// Brand words and acronyms keep their case ("GlowDrop", "USB-C", "40L", "C"); plain words do not.
const midSentenceWord = (word: string) =>
  word.length === 1 || /[A-Z]/.test(word.slice(1)) || /\d/.test(word) ? word : word.toLowerCase();

const LEADING_FILLER = /^(?:it|this|that|which|and|also|plus|so|then|they|it's|it also|and it)\s+/i;

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|[\n;]+|\s+[-–—]\s+/)
    .map((s) => s.replace(/[.!?]+$/, '').trim())
    .filter(Boolean);

/** Splits a sentence at ", " and " and " only where a new verb starts, so "wood, glass or metal" stays whole. */
const clausesOf = (sentence: string): string[] => {
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

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

const PRICE =
  /(?:[$€£]\s?\d{1,5}(?:[.,]\d{1,2})?|\d{1,5}(?:[.,]\d{1,2})?\s?(?:usd|eur|gbp|dollars|euros)\b)/i;

export const findPrice = (text: string): string | null => {
  const match = PRICE.exec(text);
  if (!match) return null;
  const raw = match[0].replace(/\s+/g, '');
  const amount = /\d{1,5}(?:[.,]\d{1,2})?/.exec(raw)?.[0] ?? '';
  const symbol = /^[€£]/.test(raw) ? raw[0] : /eur/i.test(raw) ? '€' : /gbp/i.test(raw) ? '£' : '$';
  return `${symbol}${amount.replace(/[.,]00$/, '')}`;
};

// Only "2 weeks", never "2-month bottle": the hyphenated form describes a size, not a result.
const TIMEFRAME = /\b(\d{1,3})\s(seconds?|secs?|minutes?|mins?|hours?|days?|weeks?|months?)\b/gi;
const QUANTITY =
  /\b\d{1,4}(?:\.\d+)?\s?(?:g|kg|l|ml|oz|lbs?|%)(?:\s(?:of\s)?[a-z]+)?\b|\b\d{1,3}\s(?!seconds?|minutes?|hours?|days?|weeks?|months?|years?)[a-z]{3,}s\b/gi;

const singular = (plural: string): string | null => {
  const words = plural.split(' ');
  const last = words.at(-1) ?? '';
  let one: string | null = null;
  if (last === 'people') one = 'person';
  else if (last === 'women') one = 'woman';
  else if (last === 'men') one = 'man';
  else if (last.endsWith('ies')) one = `${last.slice(0, -3)}y`;
  else if (last.endsWith('s')) one = last.slice(0, -1);
  return one ? [...words.slice(0, -1), one].join(' ') : null;
};

const findAudience = (text: string): string | null => {
  for (const match of text.matchAll(/\bfor\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})/gi)) {
    const words = (match[1] ?? '').toLowerCase().split(/\s+/);
    const cut = words.findIndex((w) =>
      /^(?:who|that|and|with|in|on|to|or|of|at|from|every)$/.test(w),
    );
    const phrase = (cut === -1 ? words : words.slice(0, cut)).slice(0, 3);
    if (phrase.length === 0) continue;
    if (/^(?:the|a|an|your|my|our|their|all|any|up|only|just|less|more)$/.test(phrase[0] ?? ''))
      continue;
    // The noun ends the phrase; trailing words such as "busy moms everywhere" are cut back to it.
    const end = phrase.findLastIndex((w) => AUDIENCE_NOUN.test(w));
    if (end === -1) continue;
    return phrase.slice(0, end + 1).join(' ');
  }
  return null;
};

const findPain = (text: string): ProductFacts['pain'] => {
  const match =
    /\bwho\s+(hate|hates|are tired of|struggle with|can't stand|never have time for|don't have time for|dread|skip)\s+([a-z][a-z\s-]{2,40}?)(?=[,.;!?]|\s+(?:and|but)\s|$)/i.exec(
      text,
    );
  if (!match?.[1] || !match[2]) return null;
  const verb = match[1].toLowerCase() === 'hates' ? 'hate' : match[1].toLowerCase();
  return { verb, what: match[2].trim().toLowerCase() };
};

const detectCategory = (name: string, description: string): Category => {
  const nameText = ` ${name.toLowerCase()} `;
  const bodyText = ` ${description.toLowerCase()} `;
  let best: Category = 'general';
  let bestScore = 0;
  for (const [category, cues] of Object.entries(CATEGORY_CUES) as [Category, string[]][]) {
    let score = 0;
    for (const cue of cues) {
      const pattern = new RegExp(`[^a-z]${cue.replace(/[-]/g, '\\-')}s?[^a-z]`);
      if (pattern.test(nameText)) score += 2;
      if (pattern.test(bodyText)) score += 1;
    }
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
};

const uniqueBy = (items: string[]) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export const extractFacts = (product: AiProductInput): ProductFacts => {
  const name = product.name.replace(/\s+/g, ' ').trim();
  const description = product.description.replace(/[ \t]+/g, ' ').trim();
  const nameWords = wordsOf(name.replace(/[^\p{L}\p{N}\s'+-]/gu, ' '));
  const itemWords = nameWords
    .slice(-3)
    .filter((w, i, all) => !(i === 0 && all.length === 3 && /\d/.test(w)));
  const item = itemWords.map(midSentenceWord).join(' ') || name.toLowerCase();
  const head = midSentenceWord(nameWords.at(-1) ?? item);
  const itemLower = new Set(itemWords.map((w) => w.toLowerCase()));

  const claims: string[] = [];
  const features: string[] = [];
  const traits: string[] = [];
  const sentences = sentencesOf(description);
  for (const sentence of sentences) {
    const withList = /\bwith\s+(.+)$/i.exec(sentence)?.[1];
    if (withList && !/\bwith\s+(?:you|your|it|me)\b/i.test(sentence)) {
      for (const part of withList.split(/,\s*(?:and\s+)?|\s+and\s+/)) {
        const feature = part.trim().replace(/\s+(?:that|which|so)\s.*$/i, '');
        const n = wordsOf(feature).length;
        if (n >= 1 && n <= 6 && feature.length <= 48) features.push(feature.toLowerCase());
      }
    }
    const relative = /\b(?:that|which)\s+([a-z]+s\b[^,.;]*)/i.exec(sentence)?.[1];
    if (relative && isVerbLike(relative.split(' ')[0]?.toLowerCase())) claims.push(relative);

    for (const clause of clausesOf(sentence)) {
      const stripped = clause.replace(LEADING_FILLER, '').trim();
      const words = wordsOf(stripped);
      const first = words[0]?.toLowerCase();
      if (isVerbLike(first) && words.length >= 2 && words.length <= 12 && stripped.length <= 70) {
        claims.push(stripped.replace(/\s+with\s+.*$/i, (m) => (m.length > 40 ? '' : m)));
        continue;
      }
      for (const part of clause.split(/,\s*(?:and\s+)?|\s+and\s+/)) {
        if (/^(?:ready|done|dry|set up)\s+in\s+\d/i.test(part.trim())) {
          claims.push(`is ${part.trim().toLowerCase()}`);
          continue;
        }
        const w = wordsOf(part.trim());
        if (w.length < 1 || w.length > 2) continue;
        if (w.some((x) => /\d|[$€£]/.test(x))) continue;
        if (/^(?:a|an|the|just|only|for|with|made|and|it|this|our|your)$/i.test(w[0] ?? ''))
          continue;
        traits.push(w.join(' ').toLowerCase());
      }
    }
    // "A lightweight vitamin C serum for…": the words before the product noun describe it.
    const lower = wordsOf(sentence.toLowerCase());
    const at = lower.findIndex((w) => itemLower.has(w.replace(/[^a-z0-9-]/g, '')));
    if (at > 0) {
      const before = lower.slice(0, at).filter((w) => !/^(?:a|an|the|our|my|this|your)$/.test(w));
      const phrase = before.filter((w) => !/\d|[$€£]/.test(w)).join(' ');
      if (phrase && before.length <= 3) traits.push(phrase);
    }
  }
  // A trait that repeats the product noun ("high-protein" for a protein mix) adds nothing.
  const cleanTraits = uniqueBy(traits).filter(
    (t) => !t.split(/[\s-]/).some((w) => itemLower.has(w)) && t.length <= 24,
  );

  const text = `${name}. ${description}`;
  const fromText = findAudience(description) ?? findAudience(name);
  const category = detectCategory(name, description);
  const fallback = FALLBACK_AUDIENCE[category];
  const audience = fromText ?? fallback?.[0] ?? null;
  const audienceOne = fromText ? singular(fromText) : (fallback?.[1] ?? null);

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
      return (words.at(-1) ?? '').toLowerCase() === head.toLowerCase() && words.length > 1
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
      ...claims.map((c) => c.charAt(0).toLowerCase() + c.slice(1)),
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
