import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import type { ProductImage } from '../../db/schema';
import { products, users } from '../../db/schema';
import type { Db } from '../../db/types';

export type ProductRow = typeof products.$inferSelect;

const own = (userId: string, id: string) => and(eq(products.id, id), eq(products.userId, userId));

const productList = preparedQuery('product_list', (db, name) =>
  db
    .select()
    .from(products)
    .where(eq(products.userId, sql.placeholder('userId')))
    .orderBy(desc(products.createdAt), desc(products.id))
    .prepare(name),
);

export const listProducts = (db: Database, userId: string) => productList(db).execute({ userId });

export const countProducts = async (db: Db, userId: string) => {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.userId, userId));
  return row?.n ?? 0;
};

/** The user's own product, or undefined for an unknown id or someone else's. */
export const findProduct = async (db: Db, userId: string, id: string) => {
  const [row] = await db.select().from(products).where(own(userId, id));
  return row;
};

/** Holds the user's row until the transaction ends, so their creates run one after another. */
export const lockUser = async (tx: Db, userId: string) => {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
};

/** The product row held until the transaction ends (image appends must not interleave). */
export const lockProduct = async (tx: Db, userId: string, id: string) => {
  const [row] = await tx.select().from(products).where(own(userId, id)).for('update');
  return row;
};

export const insertProduct = async (db: Db, row: typeof products.$inferInsert) => {
  await db.insert(products).values(row);
};

export const setProductImages = async (
  db: Db,
  userId: string,
  id: string,
  images: ProductImage[],
) => {
  await db.update(products).set({ images, updatedAt: new Date() }).where(own(userId, id));
};

export const saveProductBrief = async (
  db: Db,
  userId: string,
  id: string,
  patch: { aiBrief: Record<string, unknown>; brandVoice: string | null; analyzedAt: Date },
) => {
  const [row] = await db
    .update(products)
    .set({ ...patch, updatedAt: patch.analyzedAt })
    .where(own(userId, id))
    .returning();
  return row;
};

/** The user's default product, else their oldest one; undefined without any product. */
export const findDefaultProduct = async (db: Db, userId: string) => {
  const [row] = await db
    .select()
    .from(products)
    .where(eq(products.userId, userId))
    .orderBy(desc(products.isDefault), products.createdAt, products.id)
    .limit(1);
  return row;
};
