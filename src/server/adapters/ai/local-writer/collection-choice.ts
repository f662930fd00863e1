import type { TImageCollectionRef } from '#contract/ai';
import { contentStems, stem } from '#contract/hook-rules';
import type { Category } from '../product-facts';
import { extractFacts } from '../product-facts';
import { COLLECTION_AFFINITY, NEUTRAL_COLLECTION } from './category-wording';

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

/** The category of loose text (slides without a product), by the same cues as products. */
export const categoryOfText = (text: string): Category =>
  extractFacts({ name: '', description: text }).category;
