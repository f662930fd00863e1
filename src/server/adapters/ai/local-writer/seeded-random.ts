import { hashSeed } from '../../../seeded-random';
import type { AiProductInput } from '../ai-writer';

/** The seed of a product's copy: the same product and seed always pick the same hooks and order. */
export const productSeed = (product: AiProductInput, seed = 0) =>
  hashSeed(`${product.name}\u0000${product.description}\u0000${product.price ?? ''}\u0000${seed}`);
