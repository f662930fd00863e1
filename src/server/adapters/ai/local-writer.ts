import type { TAiBrief, TCarouselPlan, TImageCollectionRef } from '#contract/ai';
import { AI_HOOK_MAX_CHARS, clampSlideCount } from '#contract/ai';
import type {
  AiProductInput,
  AiWriter,
  AnalyzeProductOptions,
  CarouselPlanOptions,
  VideoHooksOptions,
} from './ai-writer';
import { contentStems, productKeywords, stem } from '#contract/hook-rules';
import { finalizeHooks, normalizeHashtags } from './hook-rules';
import type { Category, ProductFacts } from './product-facts';
import { claimBase, extractFacts } from './product-facts';

/**
 * The embedded AI writer: copy assembled from the seller's own product text with hook formulas
 * that work on TikTok. Deterministic: the same product (and seed) always gives the same text, so
 * re-analysis is stable and a different seed or exclude list gives fresh hooks.
 */

// ---------- seeded randomness ----------

const hashText = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

const randomFrom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const shuffled = <T>(items: readonly T[], random: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

const productSeed = (product: AiProductInput, seed = 0) =>
  hashText(`${product.name}\u0000${product.description}\u0000${product.price ?? ''}\u0000${seed}`);

// ---------- small language helpers ----------

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a" or "an" before a phrase, by its first sound as far as spelling tells. */
const a = (phrase: string) =>
  /^(?:[aeio]|u(?!s|ni|ti|ro)|8|11(?!\d)|18(?!\d)|hour|honest)/i.test(phrase.replace(/^[$€£]/, ''))
    ? `an ${phrase}`
    : `a ${phrase}`;

const noArticle = (phrase: string) => phrase.replace(/^(?:a|an|the)\s+/i, '');

const at = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** "$24" → "$25", "$89" → "$90": a round number just above the price, for "under $X" hooks. */
const roundUpPrice = (price: string) => {
  const amount = Number(/[\d.]+/.exec(price.replace(',', '.'))?.[0]);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const step = amount < 20 ? 5 : amount < 100 ? 10 : amount < 500 ? 50 : 100;
  const ceiling = Math.ceil((amount + 0.01) / step) * step;
  return `${price.replace(/[\d.,]+/, '')}${ceiling}`;
};

const LONG_TIMEFRAME = /\b(?:days?|weeks?|months?)$/;

/** The diary day for "Day N of using…": from the seller's own timeframe when there is one. */
const diaryDay = (f: ProductFacts, slot: number) => {
  for (const timeframe of f.timeframes) {
    const [n, unit] = timeframe.split(' ');
    const days = Number(n) * (unit?.startsWith('week') ? 7 : unit?.startsWith('day') ? 1 : 0);
    if (days >= 2 && days <= 60) return days;
  }
  return at([7, 14, 3, 30], slot) ?? 7;
};

// ---------- category wording ----------

/** Where the product lives, for "3 reasons this {item} {…}". */
const STAYS: Record<Category, string> = {
  skincare: 'stays in my routine',
  beauty: 'never leaves my makeup bag',
  fitness: 'lives in my gym bag',
  food: 'is always in my pantry',
  travel: 'comes on every trip',
  office: 'stays on my desk',
  tech: 'is always in my bag',
  kitchen: 'never leaves my counter',
  home: 'earned a spot in my home',
  pets: 'my dog approves of',
  baby: 'is in every diaper bag I pack',
  fashion: 'is in every outfit rotation',
  general: 'earned a permanent spot',
};

/** What changes, for "My {…} before and after the {item}". */
const BEFORE_AFTER: Record<Category, string> = {
  skincare: 'skin',
  beauty: 'makeup routine',
  fitness: 'protein intake',
  food: 'breakfast',
  travel: 'packing',
  office: 'desk',
  tech: 'setup',
  kitchen: 'mornings',
  home: 'space',
  pets: 'walks',
  baby: 'nights',
  fashion: 'outfits',
  general: 'routine',
};

/** The problem slide of a carousel when the seller named no pain point. */
const PROBLEM: Record<Category, string | null> = {
  skincare: "Dull, tired skin that makeup can't hide?",
  beauty: "Makeup that doesn't last past lunch?",
  fitness: 'Hitting your protein goal feels like a second job?',
  food: 'Breakfast is either boring or a sugar crash?',
  travel: 'Overpacked, over the limit and paying bag fees again?',
  office: 'Cables everywhere and a desk that never looks clean?',
  tech: 'Always on 5% with the wrong cable?',
  kitchen: 'Mornings too rushed for a real breakfast?',
  home: 'Your space never feels quite finished?',
  pets: 'Every walk turns into a tug of war?',
  baby: 'Running on three hours of sleep?',
  fashion: 'Closet full and nothing to wear?',
  general: null,
};

const TONE: Record<Category, string> = {
  skincare: 'Warm, honest and a little confessional',
  beauty: 'Playful, confident and glam without trying too hard',
  fitness: 'High-energy, no-nonsense and motivating',
  food: 'Cheerful, cosy and a bit indulgent',
  travel: 'Upbeat, practical and a little adventurous',
  office: 'Calm, tidy and quietly satisfying',
  tech: 'Curious, snappy and spec-savvy without the jargon',
  kitchen: 'Friendly, hands-on and practical',
  home: 'Relaxed, cosy and aesthetic',
  pets: 'Goofy, loving and a little chaotic',
  baby: 'Reassuring, real and sleep-deprived-funny',
  fashion: 'Confident, trendy and a bit cheeky',
  general: 'Friendly, honest and to the point',
};

const CATEGORY_TAGS: Record<Category, string[]> = {
  skincare: ['skincare', 'skincareroutine', 'glowup', 'skintok'],
  beauty: ['beauty', 'makeuptok', 'beautyfinds', 'grwm'],
  fitness: ['gymtok', 'fitnesstips', 'highprotein', 'fitfam'],
  food: ['foodtok', 'easyrecipes', 'healthybreakfast', 'breakfastideas'],
  travel: ['travelhacks', 'packingtips', 'traveltok', 'carryon'],
  office: ['desksetup', 'wfh', 'officeorganization', 'cablemanagement'],
  tech: ['techtok', 'gadgets', 'techfinds', 'setup'],
  kitchen: ['kitchenhacks', 'kitchenfinds', 'cooktok', 'homecooking'],
  home: ['homefinds', 'homedecor', 'cozyhome', 'homehacks'],
  pets: ['pettok', 'dogsoftiktok', 'petfinds', 'petparents'],
  baby: ['momtok', 'babyfinds', 'newmom', 'parentinghacks'],
  fashion: ['fashiontok', 'ootd', 'styletips', 'outfitinspo'],
  general: ['musthaves', 'giftideas', 'everydayessentials', 'smallbusiness'],
};

/**
 * Words in a collection's key or name that suit each category, for the image choice: subjects
 * (an operator's "Kitchen" collection) and looks (the starter library's "Warm Sunset").
 */
const COLLECTION_AFFINITY: Record<Category, string[]> = {
  skincare: [
    'pastel',
    'botanical',
    'marble',
    'soft',
    'skincare',
    'beauty',
    'skin',
    'selfcare',
    'self-care',
    'bathroom',
    'vanity',
    'glow',
    'spa',
  ],
  beauty: ['pastel', 'bokeh', 'marble', 'beauty', 'makeup', 'vanity', 'glam', 'selfcare'],
  fitness: [
    'bold',
    'pop',
    'neon',
    'fitness',
    'gym',
    'workout',
    'sport',
    'active',
    'health',
    'wellness',
  ],
  food: [
    'warm',
    'botanical',
    'paper',
    'food',
    'kitchen',
    'breakfast',
    'cooking',
    'healthy',
    'brunch',
    'recipe',
  ],
  travel: [
    'ocean',
    'sunset',
    'travel',
    'airport',
    'adventure',
    'outdoor',
    'vacation',
    'trip',
    'packing',
    'explore',
  ],
  office: [
    'paper',
    'geometry',
    'office',
    'desk',
    'workspace',
    'work',
    'setup',
    'productivity',
    'minimal',
    'tech',
  ],
  tech: ['neon', 'geometry', 'tech', 'gadget', 'desk', 'setup', 'electronic'],
  kitchen: ['warm', 'paper', 'kitchen', 'food', 'cooking', 'home'],
  home: ['botanical', 'paper', 'soft', 'home', 'interior', 'cozy', 'decor', 'living'],
  pets: ['pop', 'pastel', 'pet', 'dog', 'cat', 'animal'],
  baby: ['pastel', 'soft', 'baby', 'family', 'kid', 'parenting', 'nursery'],
  fashion: [
    'bold',
    'bokeh',
    'neon',
    'fashion',
    'style',
    'outfit',
    'ootd',
    'clothing',
    'streetwear',
  ],
  general: ['minimal', 'gradient', 'lifestyle'],
};

/** A collection any product can use, when no collection speaks to it. */
const NEUTRAL_COLLECTION = ['lifestyle', 'general', 'everyday', 'aesthetic', 'minimal'];

// ---------- hook formulas ----------

type Angle =
  | 'pov'
  | 'curiosity'
  | 'listicle'
  | 'callout'
  | 'diary'
  | 'wait'
  | 'price'
  | 'before-after'
  | 'objection'
  | 'proof'
  | 'demo'
  | 'review';

/** A formula renders to alternatives from longest to shortest, or nothing when it lacks a fact. */
type Formula = {
  angle: Angle;
  render: (
    f: ProductFacts,
    slot: number,
  ) => string | (string | false | null | undefined)[] | false | null;
};

const claimAt = (f: ProductFacts, slot: number) => at(f.claims, slot);
/** Claims with a real verb; "is magnetic" reads badly after "that actually" or "one that". */
const strongClaimAt = (f: ProductFacts, slot: number) => {
  const strong = f.claims.filter((c) => !/^is\s/.test(c));
  return at(strong.length > 0 ? strong : f.claims, slot);
};
/** A claim as a slide or sentence of its own: "is ready in 5 minutes" → "Ready in 5 minutes". */
const claimAlone = (claim: string) => cap(claim.replace(/^(?:is|has)\s+/, ''));
const traitAt = (f: ProductFacts, slot: number) => at(f.traits, slot);
const objectFeatures = (f: ProductFacts) => f.features.filter((x) => /^(?:a|an)\s/i.test(x));

const FORMULAS: Formula[] = [
  {
    angle: 'pov',
    render: (f, s) => {
      const claim = strongClaimAt(f, s);
      return !!claim && `POV: you finally found ${a(f.item)} that actually ${claim}`;
    },
  },
  {
    angle: 'pov',
    render: (f) =>
      !!f.audience && `POV: you're one of the ${f.audience} who just found this ${f.item}`,
  },
  {
    angle: 'pov',
    render: (f) => !!f.price && `POV: you spent ${f.price} on ${a(f.item)} and zero regrets`,
  },
  {
    angle: 'pov',
    render: (f) => [
      `POV: you stopped overthinking it and got the ${f.name}`,
      `POV: you stopped overthinking it and got the ${f.item}`,
    ],
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const claim = claimAt(f, s);
      if (!claim) return null;
      return [
        !!f.price && `I didn't expect ${a(`${f.price} ${f.item}`)} to ${claimBase(claim)}`,
        `I didn't expect ${a(f.item)} to ${claimBase(claim)}`,
        `I didn't expect ${a(f.head)} to ${claimBase(claim)}`,
      ];
    },
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const claim = claimAt(f, s + 1);
      return (
        !!claim && [
          `Nobody talks about how this ${f.item} ${claim}`,
          `Nobody talks about how this ${f.head} ${claim}`,
        ]
      );
    },
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const claim = strongClaimAt(f, s + 2);
      return !!claim && `Nobody told me ${a(f.item)} could ${claimBase(claim)}`;
    },
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const trait = traitAt(f, s);
      return !!trait && `Why is nobody talking about this ${trait} ${f.item}?`;
    },
  },
  { angle: 'curiosity', render: (f) => `The ${f.item} I didn't know I needed` },
  { angle: 'listicle', render: (f) => `3 reasons this ${f.item} ${STAYS[f.category]}` },
  { angle: 'listicle', render: (f) => `3 things I wish I knew before buying ${a(f.item)}` },
  {
    angle: 'listicle',
    render: (f) => {
      const list = objectFeatures(f);
      if (list.length < 2) return null;
      const [first = '', second = '', third] = list;
      return [
        third && `${cap(first)}, ${second} and ${third}. All in one ${f.head}`,
        `${cap(first)} and ${second}. All in one ${f.head}`,
      ];
    },
  },
  {
    angle: 'listicle',
    render: (f) => [`Things I'd buy again: the ${f.name}`, `Things I'd buy again: this ${f.item}`],
  },
  {
    angle: 'callout',
    render: (f) =>
      !!f.pain && [
        `Stop scrolling if you ${f.pain.verb} ${f.pain.what}: this ${f.item} is for you`,
        `Stop scrolling if you ${f.pain.verb} ${f.pain.what}`,
      ],
  },
  {
    angle: 'callout',
    render: (f, s) => {
      const claim = strongClaimAt(f, s + 3);
      return !!claim && `Stop scrolling if your ${f.head} doesn't ${claimBase(claim)}`;
    },
  },
  {
    angle: 'callout',
    render: (f) =>
      !!f.audienceOne && `If you're ${a(f.audienceOne)}, you need to see this ${f.item}`,
  },
  {
    angle: 'callout',
    render: (f, s) => {
      const claim = claimAt(f, s);
      return !!f.audience && !!claim && `${cap(f.audience)}, this ${f.item} ${claim}`;
    },
  },
  {
    angle: 'diary',
    render: (f, s) => `Day ${diaryDay(f, s)} of using this ${f.item}: honest update`,
  },
  {
    angle: 'diary',
    render: (f, s) => {
      const timeframe = at(
        f.timeframes.filter((t) => LONG_TIMEFRAME.test(t)),
        s,
      );
      return !!timeframe && `I used this ${f.item} for ${timeframe}. Here's what happened`;
    },
  },
  {
    angle: 'diary',
    render: (f) => {
      const timeframe = f.timeframes.find((t) => LONG_TIMEFRAME.test(t));
      return (
        !!timeframe && [
          `Rating the ${f.name} after ${timeframe}`,
          `Rating this ${f.item} after ${timeframe}`,
        ]
      );
    },
  },
  {
    angle: 'wait',
    render: (f, s) => {
      const feature = at(objectFeatures(f), s);
      return !!feature && `Wait for the ${noArticle(feature)} on this ${f.item}…`;
    },
  },
  {
    angle: 'wait',
    render: (f, s) => {
      const timeframe = at(f.timeframes, s);
      return !!timeframe && `Wait till you see what this ${f.item} does in ${timeframe}`;
    },
  },
  { angle: 'wait', render: (f) => !!f.price && `Wait for the price on this ${f.item}…` },
  {
    angle: 'price',
    render: (f, s) => {
      const claim = claimAt(f, s + 1);
      return !!f.price && !!claim && `This ${f.item} is only ${f.price} and it ${claim}`;
    },
  },
  {
    angle: 'price',
    render: (f, s) => {
      const claim = claimAt(f, s + 2);
      return !!f.price && !!claim && `${f.price} for ${a(f.item)} that ${claim}? Yes.`;
    },
  },
  {
    angle: 'price',
    render: (f) => {
      const ceiling = f.price ? roundUpPrice(f.price) : null;
      return !!ceiling && `Under ${ceiling}: the ${f.item} I'd rebuy tomorrow`;
    },
  },
  { angle: 'price', render: (f) => !!f.price && `Guess how much this ${f.item} costs` },
  {
    angle: 'before-after',
    render: (f) => `My ${BEFORE_AFTER[f.category]} before and after the ${f.item}`,
  },
  {
    angle: 'before-after',
    render: (f) => !!f.pain && `Before: ${f.pain.what}. After: this ${f.item}.`,
  },
  {
    angle: 'before-after',
    render: (f, s) => {
      const timeframe = at(
        f.timeframes.filter((t) => LONG_TIMEFRAME.test(t)),
        s + 1,
      );
      return !!timeframe && `Before vs after ${timeframe} with this ${f.item}`;
    },
  },
  {
    angle: 'objection',
    render: (f, s) => {
      const claim = claimAt(f, s + 1);
      return !!claim && `"Another ${f.head}?" Yes, because this one ${claim}`;
    },
  },
  { angle: 'objection', render: (f) => `I almost didn't buy this ${f.item}. So glad I did` },
  {
    angle: 'objection',
    render: (f) => [`Is the ${f.name} worth it? Honest review`, `Is this ${f.item} worth it?`],
  },
  {
    angle: 'objection',
    render: (f, s) => {
      const claim = strongClaimAt(f, s + 2);
      return !!claim && `You don't need another ${f.head}. You need one that ${claim}`;
    },
  },
  {
    angle: 'objection',
    render: (f, s) => {
      const trait = traitAt(f, s + 1);
      return !!trait && `I didn't believe the ${trait} hype until I tried this ${f.item}`;
    },
  },
  { angle: 'proof', render: (f) => `The ${f.item} my friends keep asking about` },
  { angle: 'proof', render: (f) => `Everyone asks what I use. It's this ${f.item}` },
  { angle: 'proof', render: (f) => `Replying to everyone who asked about my ${f.item}` },
  {
    angle: 'proof',
    render: (f, s) => {
      const quantity = at(f.quantities, s);
      return !!quantity && `${cap(quantity)}? This ${f.item} is not playing around`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const claim = claimAt(f, s);
      return !!claim && !/^(?:is|has)\s/.test(claim) && `Watch this ${f.item} ${claimBase(claim)}`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const claim = claimAt(f, s + 3);
      return !!claim && `Just ${a(f.item)} that ${claim}. That's the post`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const claim = claimAt(f, s + 4);
      const trait = traitAt(f, s);
      return !!claim && !!trait && !claim.includes(trait) && `This ${trait} ${f.item} ${claim}`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const feature = at(f.features, s + 1);
      return !!feature && `The ${noArticle(feature)} alone makes this ${f.head} worth it`;
    },
  },
  { angle: 'review', render: (f) => `Don't buy ${a(f.item)} until you watch this` },
  {
    angle: 'review',
    render: (f) => [`Unboxing the ${f.name}: first impressions`, `Unboxing this ${f.item}`],
  },
  { angle: 'review', render: (f) => `If you only buy one ${f.head} this year, make it this one` },
  { angle: 'review', render: (f) => `Okay but why is this ${f.item} so good?` },
  {
    angle: 'review',
    render: (f) => `Honest ${f.item} review from someone who almost returned it`,
  },
];

const ANGLES = [...new Set(FORMULAS.map((f) => f.angle))];

/**
 * Every hook the formulas can write for these facts, ordered so the first ones cover different
 * angles (the first hook is what the editor pre-fills), in an order set by the seed.
 */
const hookCandidates = function* (f: ProductFacts, seed: number, maxChars: number) {
  const random = randomFrom(seed);
  const byAngle = new Map<Angle, number[]>();
  FORMULAS.forEach((formula, index) => {
    const list = byAngle.get(formula.angle) ?? [];
    list.push(index);
    byAngle.set(formula.angle, list);
  });
  const angleOrder = shuffled(ANGLES, random);
  const queues = angleOrder.map((angle) => shuffled(byAngle.get(angle) ?? [], random));
  const order: number[] = [];
  for (let depth = 0; order.length < FORMULAS.length; depth++) {
    for (const queue of queues) if (queue[depth] !== undefined) order.push(queue[depth]!);
  }
  const offset = Math.floor(random() * 6);
  // Later rounds give each formula another claim, feature or timeframe to work with.
  for (let round = 0; round < 6; round++) {
    for (const index of order) {
      const rendered = FORMULAS[index]!.render(f, offset + round + index);
      const options = (Array.isArray(rendered) ? rendered : [rendered]).filter(
        (x): x is string => typeof x === 'string' && x.length > 0,
      );
      const fitting = options.find((x) => x.length <= maxChars);
      if (fitting) yield fitting;
    }
  }
};

// ---------- the brief ----------

const hashtagsFor = (f: ProductFacts): string[] => {
  const itemWords = f.item.split(' ');
  const lastTwo = itemWords.slice(-2);
  const productTags = [
    f.item.replace(/[\s-]/g, '').length <= 22 ? itemWords.join('') : lastTwo.join(''),
    // "#cserum" from "vitamin C serum" means nothing, so a one-letter word rules the pair out.
    lastTwo.every((w) => w.length > 1) ? lastTwo.join('') : '',
    f.audienceFromText && f.audience ? f.audience.replace(/[\s-]/g, '') : '',
    // Compound traits are real tags (#glutenfree); single adjectives (#magnetic) are not.
    ...f.traits.filter((t) => /^[a-z]+-[a-z]+$/.test(t)).map((t) => t.replace(/-/g, '')),
  ];
  const categoryTags = CATEGORY_TAGS[f.category];
  const tags = normalizeHashtags(
    [
      'tiktokmademebuyit',
      ...productTags.slice(0, 2),
      ...categoryTags.slice(0, 3),
      ...productTags.slice(2),
      'founditontiktok',
      ...categoryTags.slice(3),
      ...CATEGORY_TAGS.general,
    ],
    10,
  );
  return tags;
};

const voiceFor = (f: ProductFacts): string => {
  const persona = f.audienceOne
    ? `${a(f.audienceOne)} talking to other ${f.audience}`
    : 'a real customer filming on their phone';
  const proof = f.price
    ? `the price (${f.price}) said out loud`
    : f.timeframes[0] || f.quantities[0]
      ? `real numbers like "${f.timeframes[0] ?? f.quantities[0]}"`
      : 'specific, honest results instead of big claims';
  return `${TONE[f.category]}: sounds like ${persona} about the ${f.item}, in short first-person lines with ${proof}.`;
};

const seedsFor = (f: ProductFacts): string[] => {
  const claim = f.claims[0];
  const seeds = [
    claim && `Result: it ${claim}`,
    f.audience && `Call out ${f.audience}`,
    f.pain && `Pain point: ${f.pain.what}`,
    f.price && `Price reveal: ${f.price} for ${a(f.item)}`,
    `Before/after: ${BEFORE_AFTER[f.category]} with the ${f.item}`,
    `Diary: day ${diaryDay(f, 0)} of using the ${f.item}`,
    claim && `Objection: "another ${f.head}?"`,
    objectFeatures(f)[0] && `Feature close-up: ${noArticle(objectFeatures(f)[0]!)}`,
    `Listicle: 3 reasons the ${f.item} ${STAYS[f.category]}`,
  ];
  return seeds.filter((s): s is string => typeof s === 'string' && s.length > 0).slice(0, 8);
};

// ---------- collections ----------

/**
 * Picks the collection whose key and name share the most words with the slides and the product
 * (or suit the product's category); else a neutral one; else one picked by the texts, so the same
 * slides always get the same images and a seller is never left with none; null when none exist.
 */
export const chooseCollectionByAffinity = (
  texts: string[],
  category: Category,
  collections: TImageCollectionRef[],
): string | null => {
  if (collections.length === 0) return null;
  const textStems = contentStems(texts.join(' '));
  const affinity = new Set(COLLECTION_AFFINITY[category].map(stem));
  let best: { key: string; score: number } | null = null;
  for (const collection of collections) {
    const words = contentStems(
      `${collection.key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')} ${collection.name}`,
    );
    let score = 0;
    for (const word of words) {
      if (textStems.has(word)) score += 3;
      if (affinity.has(word)) score += 2;
    }
    if (score > 0 && (!best || score > best.score)) best = { key: collection.key, score };
  }
  if (best) return best.key;
  const neutral = collections.find((c) =>
    [...contentStems(`${c.key.replace(/[_-]+/g, ' ')} ${c.name}`)].some((w) =>
      NEUTRAL_COLLECTION.includes(w),
    ),
  );
  if (neutral) return neutral.key;
  const seed = [...texts.join(' ')].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  return collections[seed % collections.length]!.key;
};

// ---------- carousel ----------

const SLIDE_MAX_CHARS = 80;

const BEATS: Record<number, string[]> = {
  3: ['hook', 'product', 'cta'],
  4: ['hook', 'problem', 'product', 'cta'],
  5: ['hook', 'problem', 'product', 'benefit', 'cta'],
  6: ['hook', 'problem', 'product', 'benefit', 'proof', 'cta'],
  7: ['hook', 'problem', 'product', 'benefit', 'benefit', 'proof', 'cta'],
  8: ['hook', 'problem', 'product', 'benefit', 'benefit', 'benefit', 'proof', 'cta'],
};

const PRICE_WORDS = /\b(?:price|deal|sale|discount|cheap|budget|afford|offer|promo)/i;
const GIFT_WORDS = /\b(?:gift|present|christmas|holiday|birthday|mother's day|valentine)/i;

/** Slide texts that tell a mini story: hook → problem → product → benefits → proof → CTA. */
const buildPlan = (
  product: AiProductInput,
  options: CarouselPlanOptions,
): Omit<TCarouselPlan, 'collection'> & { facts: ProductFacts } => {
  const prompt = options.prompt?.trim() ?? '';
  const facts = extractFacts(product);
  // The prompt's own audience ("for new dads") beats the description's.
  const promptAudience = /\bfor\s+([a-z]+(?:\s[a-z-]+)?s)\b/i.exec(prompt)?.[1]?.toLowerCase();
  const f: ProductFacts = promptAudience
    ? { ...facts, audience: promptAudience, audienceOne: null, audienceFromText: true }
    : facts;
  const random = randomFrom(productSeed(product, (options.seed ?? 0) + hashText(prompt)));
  const promptStems = contentStems(prompt);
  const relevance = (text: string) =>
    [...contentStems(text)].filter((w) => promptStems.has(w)).length;
  // What the prompt asks about comes first; otherwise the seller's order is kept.
  const claims = [...f.claims].sort((x, y) => relevance(y) - relevance(x));
  const wantsPrice = PRICE_WORDS.test(prompt);
  const slides = clampSlideCount(options.slides);

  const fit = (...options: (string | false | null | undefined)[]) =>
    options.find((x): x is string => !!x && x.length <= SLIDE_MAX_CHARS);

  const hooks = [...hookCandidates(f, Math.floor(random() * 2 ** 31), SLIDE_MAX_CHARS)];
  const promptHook = hooks.find((h) => relevance(h) > 0);
  const hook = promptHook ?? hooks[0] ?? `Meet the ${f.item}`;

  const benefitTexts: string[] = [];
  for (const claim of claims) benefitTexts.push(claimAlone(claim));
  const list = objectFeatures(f);
  if (list.length >= 2) {
    const features = fit(
      list.length >= 3 && `${cap(list[0]!)}, ${list[1]} and ${list[2]}`,
      `${cap(list[0]!)} and ${list[1]}`,
    );
    if (features) benefitTexts.push(features);
  }
  if (f.quantities[0]) benefitTexts.push(`${cap(f.quantities[0])}, no compromises`);
  if (f.audience) benefitTexts.push(`Made for ${f.audience}`);
  benefitTexts.push(`Small thing, big difference: the ${f.item}`);

  const productText = fit(
    f.traits[0] && f.price && `Meet the ${f.name}: ${f.traits[0]}, only ${f.price}`,
    f.price && `Meet the ${f.name}: only ${f.price}`,
    f.traits[0] && `Meet the ${f.name}: ${f.traits.slice(0, 2).join(' and ')}`,
    f.traits[0] && `Meet the ${f.name}: ${f.traits[0]}`,
    `Meet the ${f.name}`,
    `Meet the ${f.item}`,
  )!;

  const longTimeframe = f.timeframes.find((t) => LONG_TIMEFRAME.test(t));
  const proofOptions = [
    longTimeframe && `${cap(longTimeframe)} in and I'm not going back`,
    f.audience && `${cap(f.audience)} keep asking me where it's from`,
    `Honestly? The ${f.head} earned a permanent spot`,
    `My friends made me send them the link`,
  ].filter((x): x is string => !!x && x.length <= SLIDE_MAX_CHARS);
  const proof = at(proofOptions, Math.floor(random() * proofOptions.length)) ?? 'Would buy again';

  const ctaOptions = GIFT_WORDS.test(prompt)
    ? [`Save this for gift season: the ${f.item}`, 'The gift they will actually use. Link in bio']
    : f.price
      ? [`Only ${f.price}. Tap the link to get yours`, `${f.price} well spent. Link in bio`]
      : [`Get your ${f.item}: link in bio`, `Save this and tap the link to get yours`];
  const cta = fit(at(ctaOptions, Math.floor(random() * ctaOptions.length)), 'Link in bio')!;

  const problem =
    f.pain && f.pain.verb === 'hate'
      ? `Tired of ${f.pain.what}?`
      : f.pain
        ? `You ${f.pain.verb} ${f.pain.what} too?`
        : (PROBLEM[f.category] ?? `Still looking for ${a(f.item)} that actually works?`);

  let benefitIndex = 0;
  const texts: string[] = [];
  for (const beat of BEATS[slides]!) {
    let text: string;
    if (beat === 'hook') text = hook;
    else if (beat === 'problem') text = problem;
    else if (beat === 'product') {
      // With three slides there is no benefit slide, so the product slide carries the best claim.
      text =
        slides === 3
          ? (fit(claims[0] && `The ${f.name} ${claims[0]}`, claims[0] && `It ${claims[0]}`) ??
            productText)
          : productText;
    } else if (beat === 'benefit') text = benefitTexts[benefitIndex++] ?? productText;
    else if (beat === 'proof') text = proof;
    else text = wantsPrice && f.price && !cta.includes(f.price) ? `Only ${f.price}. ${cta}` : cta;
    texts.push(text.length > SLIDE_MAX_CHARS ? `${text.slice(0, SLIDE_MAX_CHARS - 1)}…` : text);
  }

  // The caption adds what the hook did not say: a claim or the price already in the hook would
  // read as the same sentence twice.
  const said = hook.toLowerCase();
  const firstClaim = claims.find((claim) => !said.includes(claim.toLowerCase()));
  const caption = [
    hook.replace(/[.…]+$/, '') + (/[?!]$/.test(hook) ? '' : '.'),
    firstClaim
      ? `${firstClaim.startsWith('is ') ? "It's" : 'It'} ${firstClaim.replace(/^is\s/, '')}.`
      : '',
    f.price && !said.includes(f.price.toLowerCase()) ? `Only ${f.price}.` : '',
    'Link in bio.',
  ]
    .filter(Boolean)
    .join(' ');

  return {
    slides: texts.map((text) => ({ text })),
    caption,
    hashtags: hashtagsFor(f).slice(0, 6),
    facts: f,
  };
};

// ---------- the writer ----------

export const createLocalWriter = (): AiWriter => {
  const brief = (product: AiProductInput, options: AnalyzeProductOptions = {}): TAiBrief => {
    const f = extractFacts(product);
    const hooks = finalizeHooks(
      hookCandidates(f, productSeed(product, options.seed), AI_HOOK_MAX_CHARS),
      {
        maxChars: AI_HOOK_MAX_CHARS,
        keywords: productKeywords(product),
        limit: 24,
      },
    );
    return { hooks, hooksSeeds: seedsFor(f), voice: voiceFor(f), hashtags: hashtagsFor(f) };
  };

  return {
    describe: 'ai: local writer (deterministic, built from the product text)',

    analyzeProduct: async (product, options) => brief(product, options),

    generateVideoHooks: async (product, options: VideoHooksOptions) => {
      const f = extractFacts(product);
      const maxChars = Math.min(options.maxChars, AI_HOOK_MAX_CHARS);
      return finalizeHooks(hookCandidates(f, productSeed(product, options.seed), maxChars), {
        maxChars,
        exclude: options.exclude,
        keywords: productKeywords(product),
        limit: options.count,
      });
    },

    generateCarouselPlan: async (product, options) => {
      const { facts, ...plan } = buildPlan(product, options);
      const texts = [...plan.slides.map((s) => s.text), product.name, product.description];
      return {
        ...plan,
        collection: chooseCollectionByAffinity(texts, facts.category, options.collections),
      };
    },

    selectImageCollection: async ({ slides, product, collections }) => {
      const category = product ? extractFacts(product).category : categoryOfText(slides.join(' '));
      const texts = product ? [...slides, product.name, product.description] : slides;
      return { key: chooseCollectionByAffinity(texts, category, collections) };
    },
  };
};

/** The category of loose text (slides without a product), by the same cues as products. */
const categoryOfText = (text: string): Category =>
  extractFacts({ name: '', description: text }).category;
