import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tempImages } from '../../db/schema';

export const insertTempImage = async (db: Database, row: typeof tempImages.$inferInsert) => {
  await db.insert(tempImages).values(row);
};

/** The oldest expired rows first, a batch at a time. */
export const listExpiredTempImages = (db: Database, now: Date, limit: number) =>
  db
    .select({ id: tempImages.id, storageKey: tempImages.storageKey })
    .from(tempImages)
    .where(lte(tempImages.expiresAt, now))
    .orderBy(asc(tempImages.expiresAt))
    .limit(limit);

export const deleteTempImages = async (db: Database, ids: string[]) => {
  if (ids.length > 0) await db.delete(tempImages).where(inArray(tempImages.id, ids));
};

/** One of the user's hosted slides by its id (the publishing preflight resolves slide URLs). */
export const findOwnTempImage = async (db: Database, userId: string, id: string) =>
  (
    await db
      .select({ storageKey: tempImages.storageKey, expiresAt: tempImages.expiresAt })
      .from(tempImages)
      .where(and(eq(tempImages.userId, userId), eq(tempImages.id, id)))
  )[0];
