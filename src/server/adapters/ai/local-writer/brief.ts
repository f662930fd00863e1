import { termsOf } from '../tagged-terms';
import { normalizeHashtags } from '../hook-rules';
import { passesGate } from '../sentence-gate';
import type { ProductFacts } from '../product-facts';
import { BEFORE_AFTER, CATEGORY_TAGS, STAYS, TONE } from './category-wording';
import { a, diaryDay, noArticle, objectFeatures } from './text-helpers';

// The product brief's parts besides the hooks: hashtags, brand voice and hook seeds.

const isNounWord = (word: string) => {
  return !!termsOf(`the ${word}`)[1]?.tags.includes('Noun');
};

export const hashtagsFor = (f: ProductFacts): string[] => {
  const itemWords = f.item.replace(/^(?:pair|set) of /, '').split(' ');
  const lastTwo = itemWords.slice(-2);
  const productTags = [
    f.item.replace(/[\s-]/g, '').length <= 22 ? itemWords.join('') : lastTwo.join(''),
    // "#cserum" from "vitamin C serum" means nothing, so a one-letter word rules the pair out.
    lastTwo.every((w) => w.length > 1) ? lastTwo.join('') : '',
    f.audienceFromText && f.audience ? f.audience.replace(/[\s-]/g, '') : '',
    // Compound traits are real tags (#glutenfree); single adjectives (#magnetic) are not.
    ...f.traits.filter((t) => /^[a-z]+-[a-z]+$/.test(t)).map((t) => t.replace(/-/g, '')),
  ];
  // The product's own nouns and uses ("cocktail ice tray" → #cocktail), as people search them:
  // as they are, since a plural made of a mass noun is no tag anyone searches (#citruses,
  // #skincares), and the tagger knows too few of them to tell.
  const uses = itemWords.slice(0, -1).filter((w) => w.length >= 4 && isNounWord(w));
  const categoryTags = CATEGORY_TAGS[f.category];
  const tags = normalizeHashtags(
    [
      'tiktokmademebuyit',
      ...productTags.slice(0, 2),
      ...uses,
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

export const voiceFor = (f: ProductFacts): string => {
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

export const seedsFor = (f: ProductFacts, description: string): string[] => {
  const claim = f.claims[0];
  const seeds = [
    claim && `Result: the ${f.item} ${claim}`,
    f.audience && `Call out ${f.audience}`,
    f.pain && `Pain point: ${f.pain.what}`,
    f.price && `Price reveal: ${f.price} for ${a(f.item)}`,
    `Before/after: ${BEFORE_AFTER[f.category]} with the ${f.item}`,
    diaryDay(f) !== null && `Diary: day ${diaryDay(f)} of using the ${f.item}`,
    claim && `Objection: "another ${f.head}?"`,
    objectFeatures(f)[0] && `Feature close-up: ${noArticle(objectFeatures(f)[0]!)}`,
    `Listicle: 3 reasons the ${f.item} ${STAYS[f.category]}`,
  ];
  const source = `${f.name} ${f.price ?? ''} ${description}`;
  return seeds
    .filter((s): s is string => typeof s === 'string' && s.length > 0 && passesGate(s, source))
    .slice(0, 8);
};
