/** Words of a character description, lower-cased and space-padded for whole-word matching. */
export const descriptionWords = (prompt: string) =>
  ` ${prompt.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;

export const hasWord = (text: string, ...terms: string[]) =>
  terms.some((t) => text.includes(` ${t} `));

/** Words that say who the description is about, where it says so. */
export const FEMME_WORDS = [
  'woman',
  'girl',
  'female',
  'she',
  'her',
  'lady',
  'mom',
  'mother',
  'latina',
  'gal',
];
export const MASC_WORDS = [
  'man',
  'guy',
  'male',
  'he',
  'his',
  'boy',
  'dad',
  'father',
  'gentleman',
  'dude',
];
