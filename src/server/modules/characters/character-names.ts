import type { TCharacterStylePreset } from '#contract/characters';
import {
  FEMME_WORDS,
  MASC_WORDS,
  descriptionWords,
  hasWord,
} from '../../media/characters/person-words';
import { createRng } from '../../seeded-random';

const NAMES = {
  femme: [
    'Ava',
    'Mia',
    'Zoe',
    'Lena',
    'Nora',
    'Isla',
    'Chloe',
    'Yara',
    'Elena',
    'Ruby',
    'Aiko',
    'Tessa',
  ],
  masc: [
    'Noah',
    'Liam',
    'Kai',
    'Omar',
    'Lucas',
    'Theo',
    'Mateo',
    'Sam',
    'Ravi',
    'Felix',
    'Jonah',
    'Ezra',
  ],
  any: ['Alex', 'Riley', 'Jamie', 'Robin', 'Quinn', 'Avery', 'Charlie', 'Sky', 'Rowan', 'Jules'],
};

/**
 * The name a generation answers with (the user may rename it when saving): a first name that
 * fits the description where it says "woman" or "man", the same for the same prompt and style.
 */
export const nameFor = (prompt: string, style: TCharacterStylePreset) => {
  const text = descriptionWords(prompt);
  const list = hasWord(text, ...FEMME_WORDS)
    ? NAMES.femme
    : hasWord(text, ...MASC_WORDS)
      ? NAMES.masc
      : NAMES.any;
  return createRng(`name|${style}|${text.trim()}`).pick(list);
};
