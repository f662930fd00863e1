import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TCreateProductRequest, TProduct } from '#contract/products';
import { PLANS } from '#contract/plans';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { ProductRow } from './products-repo';
import { countProducts, insertProduct, listProducts } from './products-repo';

const toProduct = (row: ProductRow): TProduct => ({
  id: row.id,
  name: row.name,
  description: row.description,
  images: [],
  aiBrief: null,
  createdAt: row.createdAt.toISOString(),
});

export const createProductsService = (db: Database) => ({
  list: async (userId: string) => (await listProducts(db, userId)).map(toProduct),

  /** Enforces the plan's product limit (free and basic 1, plus 5, pro unlimited) before creating. */
  create: async (userId: string, input: TCreateProductRequest) => {
    const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    const limit = PLANS[user.plan].productLimit;
    if (limit !== null && (await countProducts(db, userId)) >= limit) {
      throw new AppError(
        'product_limit',
        `Your ${PLANS[user.plan].title} plan includes ${limit} product${limit === 1 ? '' : 's'}. Upgrade to add more.`,
        {
          status: 402,
        },
      );
    }
    const id = randomUUID();
    await insertProduct(db, { id, userId, name: input.name, description: input.description });
    return { id };
  },
});

export type ProductsService = ReturnType<typeof createProductsService>;
