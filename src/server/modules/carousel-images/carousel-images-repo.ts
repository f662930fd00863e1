import { and, asc, count, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Db } from '../../db/types';
import { carouselCollections, carouselImages } from '../../db/schema';

export type CarouselImageRow = typeof carouselImages.$inferSelect;

/** Collections that hold at least one image, in panel order, with their count and first image. */
export const listCollectionsWithCovers = async (db: Database) => {
  const counts = await db
    .select({
      key: carouselCollections.key,
      name: carouselCollections.name,
      position: carouselCollections.position,
      count: count(carouselImages.id),
    })
    .from(carouselCollections)
    .innerJoin(carouselImages, eq(carouselImages.collectionKey, carouselCollections.key))
    .groupBy(carouselCollections.key)
    .orderBy(asc(carouselCollections.position), asc(carouselCollections.key));
  const covers = await db
    .selectDistinctOn([carouselImages.collectionKey], {
      collectionKey: carouselImages.collectionKey,
      id: carouselImages.id,
    })
    .from(carouselImages)
    .where(isNotNull(carouselImages.collectionKey))
    .orderBy(carouselImages.collectionKey, asc(carouselImages.position), asc(carouselImages.id));
  const coverOf = new Map(covers.map((c) => [c.collectionKey, c.id]));
  return counts.map((c) => ({ ...c, coverId: coverOf.get(c.key) ?? null }));
};

export const listCollectionRefs = (db: Database) =>
  db
    .select({ key: carouselCollections.key, name: carouselCollections.name })
    .from(carouselCollections)
    .where(
      sql`exists (select 1 from ${carouselImages} where ${carouselImages.collectionKey} = ${carouselCollections.key})`,
    )
    .orderBy(asc(carouselCollections.position), asc(carouselCollections.key));

export const findCollection = async (db: Database, key: string) => {
  const [row] = await db.select().from(carouselCollections).where(eq(carouselCollections.key, key));
  return row ?? null;
};

export const listCollectionImageIds = async (db: Database, key: string) =>
  (
    await db
      .select({ id: carouselImages.id })
      .from(carouselImages)
      .where(eq(carouselImages.collectionKey, key))
      .orderBy(asc(carouselImages.position), asc(carouselImages.id))
  ).map((r) => r.id);

/** Every library image, collection by collection in panel order. */
export const listPlatformImageIds = async (db: Database, limit: number) =>
  (
    await db
      .select({ id: carouselImages.id })
      .from(carouselImages)
      .innerJoin(carouselCollections, eq(carouselImages.collectionKey, carouselCollections.key))
      .orderBy(
        asc(carouselCollections.position),
        asc(carouselCollections.key),
        asc(carouselImages.position),
        asc(carouselImages.id),
      )
      .limit(limit)
  ).map((r) => r.id);

export const listUserImageIds = async (db: Database, userId: string, limit: number) =>
  (
    await db
      .select({ id: carouselImages.id })
      .from(carouselImages)
      .where(and(eq(carouselImages.userId, userId), isNull(carouselImages.collectionKey)))
      .orderBy(desc(carouselImages.createdAt), desc(carouselImages.id))
      .limit(limit)
  ).map((r) => r.id);

export const findImage = async (db: Database, id: string) => {
  const [row] = await db.select().from(carouselImages).where(eq(carouselImages.id, id));
  return row ?? null;
};

export const insertImages = async (db: Database, rows: (typeof carouselImages.$inferInsert)[]) => {
  if (rows.length > 0) await db.insert(carouselImages).values(rows);
};

/**
 * Serialises library writes to one scope until the transaction ends: importers in several
 * processes (each API process imports the starter library at its first start, an operator may
 * import into the same PostgreSQL) must not hand out the same position twice.
 */
const lockLibrary = async (tx: Db, scope: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hookreel:library:${scope}`}))`);
};

/**
 * Appends a library image to its collection unless one with the same id is there: ids are
 * derived from the content, so importers racing on the same folder agree. Its position is
 * taken at insert time, under the collection's lock, so overlapping imports append in order.
 */
export const insertPlatformImage = async (
  db: Database,
  row: Omit<typeof carouselImages.$inferInsert, 'position'> & { collectionKey: string },
): Promise<boolean> =>
  db.transaction(async (tx) => {
    await lockLibrary(tx, `collection:${row.collectionKey}`);
    const position = await nextImagePosition(tx, row.collectionKey);
    const inserted = await tx
      .insert(carouselImages)
      .values({ ...row, position })
      .onConflictDoNothing({ target: carouselImages.id })
      .returning({ id: carouselImages.id });
    return inserted.length > 0;
  });

/** Creates the collection or renames it; `position` only moves it when given. */
export const upsertCollection = async (
  db: Database,
  { key, name, position }: { key: string; name: string; position: number | null },
) =>
  db.transaction(async (tx) => {
    await lockLibrary(tx, 'collections');
    const fallback = position ?? (await nextCollectionPosition(tx));
    await tx
      .insert(carouselCollections)
      .values({ key, name, position: fallback })
      .onConflictDoUpdate({
        target: carouselCollections.key,
        set: position === null ? { name } : { name, position },
      });
  });

const nextCollectionPosition = async (db: Db) => {
  const [row] = await db
    .select({ top: max(carouselCollections.position) })
    .from(carouselCollections);
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
};

const nextImagePosition = async (db: Db, key: string) => {
  const [row] = await db
    .select({ top: max(carouselImages.position) })
    .from(carouselImages)
    .where(eq(carouselImages.collectionKey, key));
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
};

/** Image counts of the given collections (a missing collection counts 0). */
export const countCollectionImages = async (db: Database, keys: string[]) => {
  const rows = await db
    .select({ key: carouselImages.collectionKey, n: count() })
    .from(carouselImages)
    .where(isNotNull(carouselImages.collectionKey))
    .groupBy(carouselImages.collectionKey);
  const byKey = new Map(rows.map((r) => [r.key, r.n]));
  return new Map(keys.map((k) => [k, byKey.get(k) ?? 0]));
};
