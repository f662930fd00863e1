import { randomUUID } from 'node:crypto';
import type { TCreateProductRequest, TProduct } from '#contract/products';
import type { Database } from '../../db/client';
import { createPlanLimits } from '../billing/plan-limits';
import type { ProductRow } from './products-repo';
import { insertProduct, listProducts } from './products-repo';

const toProduct = (row: ProductRow): TProduct => ({
  id: row.id,
  name: row.name,
  description: row.description,
  images: [],
  thumbnails: [],
  isDefault: row.isDefault,
  brandVoice: row.brandVoice,
  aiBrief: null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const createProductsService = (db: Database) => {
  const limits = createPlanLimits(db);
  return {
    list: async (userId: string) => (await listProducts(db, userId)).map(toProduct),

    /** Enforces the plan's product limit (free and basic 1, plus 5, pro unlimited) before creating. */
    create: async (userId: string, input: TCreateProductRequest) => {
      await limits.assertCanCreateProduct(userId);
      const id = randomUUID();
      await insertProduct(db, { id, userId, name: input.name, description: input.description });
      return { id };
    },
  };
};

export type ProductsService = ReturnType<typeof createProductsService>;
