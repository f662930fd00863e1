import type { TCharacterStylePreset } from '#contract/characters';
import type {
  Accessory,
  AgeBand,
  CharacterLook,
  HairStyle,
  Held,
  HeldKind,
  Setting,
  TopStyle,
} from '../../media/characters/character-look';
import {
  FEMME_WORDS,
  MASC_WORDS,
  descriptionWords,
  hasWord,
} from '../../media/characters/person-words';
import { createRng } from '../../seeded-random';

/**
 * The local generator's reading of a character description: words it knows (hair, skin, eyes,
 * clothes and their colour, accessories, age, the place, what they hold) decide those features;
 * everything else comes from a seed of the person's words and the style, so the same description
 * in the same style always paints the same person, and changing only the place, the clothes or
 * the object keeps the person and changes only that.
 */

const words = descriptionWords;
const has = hasWord;

const SKIN = {
  fair: ['#f6d9c4', '#f1c6a7', '#f3d2b8'],
  medium: ['#e3b18e', '#d9a27f', '#c58c62'],
  brown: ['#b97d55', '#a86d48', '#8d5a3b'],
  deep: ['#7b4b30', '#6a4029', '#5e3a26'],
};
const ALL_SKIN = [...SKIN.fair, ...SKIN.medium, ...SKIN.brown, ...SKIN.deep];

// Colours of hair only where the words say hair: "a red hoodie" is not red hair.
const HAIR_COLOURS: [string[], string][] = [
  [['blonde', 'blond', 'golden hair'], '#d4aa63'],
  [['red hair', 'red haired', 'ginger', 'auburn', 'redhead'], '#a8482a'],
  [
    [
      'grey hair',
      'gray hair',
      'grey haired',
      'gray haired',
      'silver hair',
      'silver haired',
      'white hair',
      'white haired',
    ],
    '#b9b6b2',
  ],
  [['pink hair', 'pink haired'], '#e48bb0'],
  [['blue haired', 'blue hair'], '#4a6fc4'],
  [['brunette', 'brown haired', 'brown hair'], '#5a3420'],
  [['black haired', 'black hair', 'dark haired', 'dark hair'], '#17110e'],
];
const NATURAL_HAIR = ['#17110e', '#2b1b12', '#3b2417', '#5a3420', '#7a4a2a', '#c9a063'];

const HAIR_STYLES: [string[], HairStyle][] = [
  [['afro'], 'afro'],
  [['curly', 'curls', 'coily'], 'curly'],
  [['bun', 'updo'], 'bun'],
  [['ponytail', 'pony'], 'ponytail'],
  [['bob'], 'bob'],
  [['buzz', 'buzzcut', 'shaved', 'bald'], 'buzz'],
  [['long'], 'long'],
  [['short'], 'short'],
];

const TOPS: [string[], TopStyle][] = [
  [['tank', 'tank top', 'vest top', 'singlet', 'sports bra', 'sleeveless'], 'tank'],
  [['hoodie', 'hooded', 'sweatshirt'], 'hoodie'],
  [['blazer', 'suit', 'jacket', 'business', 'office'], 'blazer'],
  [['turtleneck'], 'turtleneck'],
  [['sweater', 'jumper', 'cardigan', 'knit'], 'sweater'],
  [['tee', 't shirt', 'tshirt'], 'tee'],
  [['button up', 'button down', 'shirt', 'blouse', 'flannel', 'dress shirt'], 'shirt'],
];

const COLOURS: [string, string][] = [
  ['red', '#c2413f'],
  ['blue', '#2f5d8a'],
  ['navy', '#1f2e4d'],
  ['green', '#3f7f6b'],
  ['yellow', '#e2b13b'],
  ['orange', '#e07b39'],
  ['pink', '#e38aa6'],
  ['purple', '#7457a8'],
  ['white', '#f2efe8'],
  ['black', '#1e1e22'],
  ['beige', '#e3d3b4'],
  ['grey', '#9a9ea5'],
  ['gray', '#9a9ea5'],
  ['brown', '#7a5238'],
  ['denim', '#4a6a8f'],
  ['teal', '#2f8a8a'],
  ['olive', '#6b7045'],
  ['cream', '#f1eadb'],
  ['khaki', '#b9a87a'],
  ['lavender', '#b9a6e0'],
  ['burgundy', '#7a2635'],
  ['mint', '#a6dcc4'],
];

/** Places a description may put the person in ("standing in a bright kitchen"). */
const SETTINGS: [string[], Setting][] = [
  [['kitchen', 'cooking', 'countertop', 'stove'], 'kitchen'],
  [['gym', 'workout', 'fitness', 'weights', 'treadmill', 'crossfit'], 'gym'],
  [['bathroom', 'vanity', 'shower', 'mirror selfie', 'skincare routine'], 'bathroom'],
  [['street', 'city', 'sidewalk', 'downtown', 'urban'], 'street'],
  [['living room', 'couch', 'sofa', 'lounge'], 'living-room'],
  [['office', 'desk', 'workplace', 'coworking'], 'office'],
  [['cafe', 'coffee shop', 'coffeeshop', 'barista', 'bakery', 'restaurant'], 'cafe'],
  [['bedroom', 'bed', 'cozy room'], 'bedroom'],
  [['park', 'garden', 'outdoors', 'forest', 'hiking', 'trail'], 'park'],
  [['beach', 'seaside', 'ocean', 'pool', 'poolside'], 'beach'],
];

/** Things held up to the camera, with the colour each is unless the description says. */
const HELD: [string[], HeldKind, string][] = [
  [['lime', 'limes'], 'fruit', '#7cc242'],
  [['lemon', 'lemons'], 'fruit', '#f2d43b'],
  [['orange', 'oranges', 'tangerine', 'mandarin'], 'fruit', '#f08a24'],
  [['apple', 'apples'], 'fruit', '#d33b36'],
  [['avocado', 'pear'], 'fruit', '#6f9a3a'],
  [['fruit', 'peach', 'grapefruit'], 'fruit', '#f3a05a'],
  [['phone', 'smartphone', 'iphone', 'cellphone'], 'phone', '#7fb6e8'],
  [['mug'], 'mug', '#e9e4da'],
  [['coffee', 'latte', 'cup', 'smoothie', 'tea', 'drink'], 'cup', '#7a5238'],
  [
    [
      'bottle',
      'serum',
      'shampoo',
      'sunscreen',
      'lotion',
      'water bottle',
      'perfume',
      'supplement',
      'supplements',
      'vitamins',
    ],
    'bottle',
    '#3aa6c9',
  ],
  [['jar', 'cream', 'moisturizer', 'moisturiser', 'balm', 'tub'], 'jar', '#f2b8c6'],
  [['box', 'package', 'parcel', 'product', 'gadget', 'device'], 'box', '#e8d2a6'],
  [['dumbbell', 'dumbbells', 'kettlebell', 'weight'], 'dumbbell', '#2b2d33'],
  [['book', 'notebook', 'journal', 'magazine'], 'book', '#2f5d8a'],
];

/** Words of the held object's phrase ("holding a lime"), searched after a verb of holding. */
const HOLD_VERBS = ['holding', 'holds', 'hold', 'with', 'showing', 'shows', 'carrying', 'grabbing'];

const EYES: [string, string][] = [
  ['blue', '#3e6a8a'],
  ['green', '#4f7a4a'],
  ['hazel', '#7a6232'],
  ['grey', '#6b7780'],
  ['brown', '#4a3222'],
];

const STYLE_TOPS: Record<TCharacterStylePreset, TopStyle[]> = {
  iphone: ['tee', 'sweater', 'hoodie'],
  professional: ['blazer', 'blazer', 'turtleneck'],
  casual: ['tee', 'hoodie', 'sweater'],
  fashion: ['turtleneck', 'blazer', 'sweater'],
  tokyo: ['hoodie', 'tee', 'blazer'],
  selfie: ['tee', 'hoodie', 'sweater'],
};

const STYLE_BACKDROPS: Record<TCharacterStylePreset, [string, string][]> = {
  iphone: [
    ['#fde2d3', '#f7b9a1'],
    ['#e0f4f6', '#a8dbe2'],
    ['#eceff3', '#b8c2cf'],
    ['#fff1c9', '#f6cf7a'],
  ],
  professional: [
    ['#9aa7b8', '#5d6b7d'],
    ['#b5b0a8', '#6f6a63'],
  ],
  casual: [
    ['#cfe8f7', '#f6e3b4'],
    ['#d8f0d0', '#f2d9a0'],
  ],
  fashion: [
    ['#2b2230', '#c79bd6'],
    ['#1d1d1d', '#e6c27a'],
  ],
  tokyo: [
    ['#1b1f4a', '#ff5fa2'],
    ['#141a3a', '#3ce0ff'],
  ],
  selfie: [
    ['#a7d3f5', '#f5e6cf'],
    ['#b9e0ff', '#ffd9c2'],
  ],
};

/** Greys a natural hair colour halfway, as in the forties and fifties. */
const mixGrey = (value: string) => {
  const n = Number.parseInt(value.slice(1), 16);
  const grey = 0xb9;
  const part = (shift: number) => Math.round((((n >> shift) & 255) + grey) / 2);
  return `#${[16, 8, 0].map((sh) => part(sh).toString(16).padStart(2, '0')).join('')}`;
};

const findFirst = <T>(text: string, table: [string[], T][]): T | undefined =>
  table.find(([terms]) => has(text, ...terms))?.[1];

const colourNear = (text: string, noun: string[]): string | undefined => {
  for (const [name, value] of COLOURS) {
    if (noun.some((n) => text.includes(` ${name} ${n} `))) return value;
  }
  return undefined;
};

/** The few words after each verb of holding ("holding a lime", "with a green bottle"). */
const heldPhrases = (text: string) => {
  const list = text.trim().split(' ');
  return list.flatMap((w, i) =>
    HOLD_VERBS.includes(w) ? [` ${list.slice(i + 1, i + 5).join(' ')} `] : [],
  );
};

const heldFor = (text: string): Held | undefined => {
  for (const phrase of heldPhrases(text)) {
    const found = HELD.find(([terms]) => has(phrase, ...terms));
    if (!found) continue;
    const [terms, kind, colour] = found;
    // "a green bottle": the colour right before the object's name.
    return { kind, colour: colourNear(phrase, terms) ?? colour };
  }
  return undefined;
};

/** "in her 50s", "60 year old", "grandma", "teen": the age band, when the words say one. */
const ageFor = (text: string): AgeBand | undefined => {
  const years = /\b(\d{2})\s*(?:s|year old|years old|yo|something)\b/.exec(text);
  const n = years ? Number(years[1]) : null;
  if (n !== null && n >= 13 && n <= 99) {
    return n >= 60 ? 'senior' : n >= 45 ? 'mature' : n >= 30 ? 'adult' : 'young';
  }
  if (
    has(
      text,
      'elderly',
      'senior',
      'grandma',
      'grandpa',
      'grandmother',
      'grandfather',
      'retired',
      'old',
    )
  )
    return 'senior';
  if (has(text, 'older', 'middle aged', 'mature', 'fifties', 'forties')) return 'mature';
  if (has(text, 'teen', 'teenager', 'student', 'college', 'young', 'gen z', 'twenties'))
    return 'young';
  return undefined;
};

/**
 * The words that describe the person rather than the place, the clothes or the held object:
 * they alone seed the rest, so "…in a kitchen" and "…in a gym" are the same person.
 */
const personWords = (text: string) => {
  const scene = new Set(
    [
      ...SETTINGS.flatMap(([t]) => t),
      ...HELD.flatMap(([t]) => t),
      ...TOPS.flatMap(([t]) => t),
      ...COLOURS.map(([c]) => c),
      ...HOLD_VERBS,
      'apron',
      'standing',
      'sitting',
      'in',
      'a',
      'an',
      'the',
      'at',
      'bright',
      'dark',
      'cozy',
      'wearing',
      'and',
    ].flatMap((t) => t.split(' ')),
  );
  return text
    .trim()
    .split(' ')
    .filter((w) => !scene.has(w))
    .join(' ');
};

/** The skin tones the words allow: all of them unless the description names one. */
const skinTones = (text: string) => {
  if (has(text, 'pale', 'fair', 'light skinned', 'porcelain')) return SKIN.fair;
  if (has(text, 'olive', 'tan', 'tanned', 'medium', 'golden skin')) return SKIN.medium;
  if (has(text, 'brown skinned', 'brown skin')) return SKIN.brown;
  if (has(text, 'dark skinned', 'dark skin', 'deep', 'ebony')) return SKIN.deep;
  return ALL_SKIN;
};

export type PromptReading = { look: CharacterLook };

export const readPrompt = (prompt: string, style: TCharacterStylePreset): PromptReading => {
  const text = words(prompt);
  const femme = has(text, ...FEMME_WORDS);
  const masc = !femme && has(text, ...MASC_WORDS);
  // Every random choice is drawn here, in one order, whether the words decide it or not: naming
  // the clothes then leaves the face as it was instead of shifting every later draw.
  const rng = createRng(`${style}|${personWords(text)}`);
  const dice = {
    hairStyle: rng.next(),
    hair: rng.next(),
    topStyle: rng.next(),
    top: rng.next(),
    apron: rng.next(),
    eyes: rng.next(),
    earrings: rng.next(),
    beard: rng.next(),
    lips: rng.next(),
    skin: rng.next(),
    backdrop: rng.next(),
    turn: rng.next(),
  };
  const choose = <T>(items: readonly T[], u: number): T =>
    items[Math.min(items.length - 1, Math.floor(u * items.length))]!;

  const hairStyle =
    findFirst(text, HAIR_STYLES) ??
    choose<HairStyle>(
      femme
        ? ['long', 'bob', 'curly', 'bun', 'ponytail']
        : masc
          ? ['short', 'buzz', 'curly', 'afro', 'short']
          : ['short', 'bob', 'curly', 'long', 'afro', 'bun'],
      dice.hairStyle,
    );
  const age = ageFor(text);
  const naturalHair = choose(NATURAL_HAIR, dice.hair);
  const hair =
    findFirst(text, HAIR_COLOURS) ??
    (age === 'senior' ? '#c9c5c0' : age === 'mature' ? mixGrey(naturalHair) : naturalHair);
  const topStyle = findFirst(text, TOPS) ?? choose(STYLE_TOPS[style], dice.topStyle);
  const top =
    colourNear(text, [
      'hoodie',
      'shirt',
      'tee',
      'sweater',
      'blazer',
      'suit',
      'jacket',
      'top',
      'turtleneck',
      'dress',
      'tank',
      'blouse',
      'cardigan',
      'sweatshirt',
      'jumper',
    ]) ??
    choose(
      COLOURS.slice(0, 11).map(([, v]) => v),
      dice.top,
    );
  const apron = has(text, 'apron')
    ? (colourNear(text, ['apron']) ??
      choose(['#f1eadb', '#4a6a8f', '#3f7f6b', '#1e1e22'], dice.apron))
    : undefined;
  const eyes =
    EYES.find(([name]) => text.includes(` ${name} eyes `))?.[1] ??
    choose(['#4a3222', '#2b1a12', '#3e6a8a', '#4f7a4a'], dice.eyes);

  const accessories: Accessory[] = [];
  if (has(text, 'glasses', 'spectacles', 'nerdy')) accessories.push('glasses');
  if (has(text, 'beard', 'bearded', 'stubble')) accessories.push('beard');
  if (has(text, 'cap', 'hat', 'beanie')) accessories.push('cap');
  if (has(text, 'earrings', 'jewelry', 'jewellery')) accessories.push('earrings');
  if (has(text, 'freckles', 'freckled')) accessories.push('freckles');
  if (accessories.length === 0) {
    if (femme && dice.earrings < 0.5) accessories.push('earrings');
    if (masc && dice.beard < 0.35) accessories.push('beard');
  }

  const setting = findFirst(text, SETTINGS);
  const held = heldFor(text);
  const lips = femme
    ? choose(['#c8646a', '#b84f5c', '#d06a78'], dice.lips)
    : choose(['#a8665a', '#8f5246', '#b07066'], dice.lips);

  return {
    look: {
      skin: choose(skinTones(text), dice.skin),
      hair,
      hairStyle,
      eyes,
      lips,
      top,
      topStyle,
      backdrop: choose(STYLE_BACKDROPS[style], dice.backdrop),
      accessories,
      turn: -0.3 + dice.turn * 0.6,
      ...(apron ? { apron } : {}),
      ...(setting ? { setting } : {}),
      ...(held ? { held } : {}),
      ...(age ? { age } : {}),
    },
  };
};
