import type { AiProductInput } from '../ai-writer';
import type { Category } from '../product-facts';
import { detectCategory } from '../product-facts';
import labelled from '../product-facts/labelled-products.json' with { type: 'json' };

/**
 * The labelled product descriptions (written for this, varied on purpose: brands, sizes,
 * decimals, prices, descriptions that mention another category's words) and how well the
 * writer reads their category. Used by the copy tests, `npm run bench` and the samples.
 */
export type LabelledProduct = AiProductInput & { category: Category };

export const LABELLED_PRODUCTS = labelled as LabelledProduct[];

export type CategoryEval = {
  total: number;
  correct: number;
  accuracy: number;
  misses: { name: string; expected: Category; got: Category }[];
};

export const evaluateCategories = (products = LABELLED_PRODUCTS): CategoryEval => {
  const misses: CategoryEval['misses'] = [];
  for (const product of products) {
    const got = detectCategory(product.name, product.description);
    if (got !== product.category)
      misses.push({ name: product.name, expected: product.category, got });
  }
  const correct = products.length - misses.length;
  return { total: products.length, correct, accuracy: correct / products.length, misses };
};
