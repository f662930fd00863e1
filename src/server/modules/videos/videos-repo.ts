import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productVideos, productVideoUploads } from '../../db/schema';

export type ProductVideoRow = typeof productVideos.$inferSelect;

export const insertProductVideo = async (db: Database, row: typeof productVideos.$inferInsert) => {
  await db.insert(productVideos).values(row).onConflictDoNothing({ target: productVideos.path });
};

/** The user's product videos, newest first. */
export const listOwnProductVideos = (db: Database, userId: string) =>
  db
    .select()
    .from(productVideos)
    .where(eq(productVideos.userId, userId))
    .orderBy(desc(productVideos.createdAt), desc(productVideos.id));

/** Those of `paths` that are the user's own product videos. */
export const findOwnProductVideos = (db: Database, userId: string, paths: string[]) =>
  paths.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(productVideos)
        .where(and(eq(productVideos.userId, userId), inArray(productVideos.path, paths)));

export const insertDirectUpload = async (
  db: Database,
  row: typeof productVideoUploads.$inferInsert,
) => {
  await db.insert(productVideoUploads).values(row);
};

/**
 * Claims a direct upload's token for its one PUT: only a pending, unexpired upload moves to
 * `receiving`, so the same token never writes twice, even by two requests at once.
 */
export const claimDirectUpload = async (db: Database, tokenHash: string, now: Date) =>
  (
    await db
      .update(productVideoUploads)
      .set({ status: 'receiving' })
      .where(
        and(
          eq(productVideoUploads.tokenHash, tokenHash),
          eq(productVideoUploads.status, 'pending'),
          gt(productVideoUploads.expiresAt, now),
        ),
      )
      .returning()
  )[0];

export const setDirectUploadStatus = async (
  db: Database,
  id: string,
  status: 'pending' | 'uploaded' | 'completed',
) => {
  await db.update(productVideoUploads).set({ status }).where(eq(productVideoUploads.id, id));
};

export const findOwnDirectUpload = async (db: Database, userId: string, id: string) =>
  (
    await db
      .select()
      .from(productVideoUploads)
      .where(and(eq(productVideoUploads.userId, userId), eq(productVideoUploads.id, id)))
  )[0];

export const listExpiredDirectUploads = (db: Database, now: Date, limit: number) =>
  db.select().from(productVideoUploads).where(lte(productVideoUploads.expiresAt, now)).limit(limit);

export const deleteDirectUploads = async (db: Database, ids: string[]) => {
  if (ids.length > 0) {
    await db.delete(productVideoUploads).where(inArray(productVideoUploads.id, ids));
  }
};
