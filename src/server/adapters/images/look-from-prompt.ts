import type { TCharacterStylePreset } from '#contract/characters';
import type {
  Accessory,
  CharacterLook,
  HairStyle,
  TopStyle,
} from '../../media/characters/character-look';
import {
  FEMME_WORDS,
  MASC_WORDS,
  descriptionWords,
  hasWord,
} from '../../media/characters/person-words';
import type { Rng } from '../../seeded-random';
import { createRng } from '../../seeded-random';

/**
 * The local generator's reading of a character description: words it knows (hair, skin, eyes,
 * clothes, accessories, colours) decide those features; everything else comes from a seed of
 * the prompt and style, so the same description in the same style always paints the same
 * person and different descriptions paint different people.
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

const HAIR_COLOURS: [string[], string][] = [
  [['blonde', 'blond', 'golden'], '#d4aa63'],
  [['red', 'ginger', 'auburn', 'redhead'], '#a8482a'],
  [['grey', 'gray', 'silver', 'white haired', 'older', 'elderly', 'senior'], '#b9b6b2'],
  [['pink'], '#e48bb0'],
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
  [['hoodie', 'hooded', 'sweatshirt'], 'hoodie'],
  [['blazer', 'suit', 'jacket', 'business', 'office'], 'blazer'],
  [['turtleneck'], 'turtleneck'],
  [['sweater', 'jumper', 'cardigan', 'knit'], 'sweater'],
  [['tee', 't shirt', 'tshirt', 'shirt'], 'tee'],
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
];

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

const findFirst = <T>(text: string, table: [string[], T][]): T | undefined =>
  table.find(([terms]) => has(text, ...terms))?.[1];

const colourNear = (text: string, noun: string[]): string | undefined => {
  for (const [name, value] of COLOURS) {
    if (noun.some((n) => text.includes(` ${name} ${n} `))) return value;
  }
  return undefined;
};

const skinFor = (text: string, rng: Rng) => {
  if (has(text, 'pale', 'fair', 'light skinned', 'porcelain')) return rng.pick(SKIN.fair);
  if (has(text, 'olive', 'tan', 'tanned', 'medium', 'golden skin')) return rng.pick(SKIN.medium);
  if (has(text, 'brown skinned', 'brown skin')) return rng.pick(SKIN.brown);
  if (has(text, 'dark skinned', 'dark skin', 'deep', 'ebony')) return rng.pick(SKIN.deep);
  return rng.pick(ALL_SKIN);
};

export type PromptReading = { look: CharacterLook };

export const readPrompt = (prompt: string, style: TCharacterStylePreset): PromptReading => {
  const text = words(prompt);
  const rng = createRng(`${style}|${text.trim()}`);
  const femme = has(text, ...FEMME_WORDS);
  const masc = !femme && has(text, ...MASC_WORDS);

  const hairStyle =
    findFirst(text, HAIR_STYLES) ??
    rng.pick<HairStyle>(
      femme
        ? ['long', 'bob', 'curly', 'bun', 'ponytail']
        : masc
          ? ['short', 'buzz', 'curly', 'afro', 'short']
          : ['short', 'bob', 'curly', 'long', 'afro', 'bun'],
    );
  const hair = findFirst(text, HAIR_COLOURS) ?? rng.pick(NATURAL_HAIR);
  const topStyle = findFirst(text, TOPS) ?? rng.pick(STYLE_TOPS[style]);
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
    ]) ?? rng.pick(COLOURS.slice(0, 11).map(([, v]) => v));
  const eyes =
    EYES.find(([name]) => text.includes(` ${name} eyes `))?.[1] ??
    rng.pick(['#4a3222', '#2b1a12', '#3e6a8a', '#4f7a4a']);

  const accessories: Accessory[] = [];
  if (has(text, 'glasses', 'spectacles', 'nerdy')) accessories.push('glasses');
  if (has(text, 'beard', 'bearded', 'stubble')) accessories.push('beard');
  if (has(text, 'cap', 'hat', 'beanie')) accessories.push('cap');
  if (has(text, 'earrings', 'jewelry', 'jewellery')) accessories.push('earrings');
  if (has(text, 'freckles', 'freckled')) accessories.push('freckles');
  if (accessories.length === 0) {
    if (femme && rng.chance(0.5)) accessories.push('earrings');
    if (masc && rng.chance(0.35)) accessories.push('beard');
  }

  const lips = femme
    ? rng.pick(['#c8646a', '#b84f5c', '#d06a78'])
    : rng.pick(['#a8665a', '#8f5246', '#b07066']);

  return {
    look: {
      skin: skinFor(text, rng),
      hair,
      hairStyle,
      eyes,
      lips,
      top,
      topStyle,
      backdrop: rng.pick(STYLE_BACKDROPS[style]),
      accessories,
      turn: rng.range(-0.3, 0.3),
    },
  };
};
