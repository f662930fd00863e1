import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

export const listProducts = (db: Database, userId: string) =>
  db.select().from(products).where(eq(products.userId, userId)).orderBy(desc(products.createdAt));

export const countProducts = async (db: Database, userId: string) => {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.userId, userId));
  return row?.n ?? 0;
};

export const insertProduct = async (db: Database, row: typeof products.$inferInsert) => {
  await db.insert(products).values(row);
};
