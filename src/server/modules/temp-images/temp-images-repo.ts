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

/**
 * The user's hosted slides among `ids` (the publishing preflight resolves slide URLs), in one
 * query; another user's ids find nothing.
 */
export const findOwnTempImages = (db: Database, userId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: tempImages.id,
          storageKey: tempImages.storageKey,
          expiresAt: tempImages.expiresAt,
          width: tempImages.width,
          height: tempImages.height,
        })
        .from(tempImages)
        .where(and(eq(tempImages.userId, userId), inArray(tempImages.id, ids)));
