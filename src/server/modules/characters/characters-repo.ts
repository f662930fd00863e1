import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { characterGenerations, characters } from '../../db/schema';

export type CharacterRow = typeof characters.$inferSelect;
export type GenerationRow = typeof characterGenerations.$inferSelect;

/** Lists have no paging in the contract; this keeps one answer bounded. */
const LIST_LIMIT = 500;

export const insertGeneration = async (db: Db, row: typeof characterGenerations.$inferInsert) => {
  await db.insert(characterGenerations).values(row);
};

export const findGeneration = async (db: Db, userId: string, id: string) =>
  (
    await db
      .select()
      .from(characterGenerations)
      .where(and(eq(characterGenerations.id, id), eq(characterGenerations.userId, userId)))
      .limit(1)
  )[0] ?? null;

/** Records the clip the motion step made of this user's generation. */
export const setGenerationClip = async (db: Db, userId: string, id: string, clipKey: string) => {
  await db
    .update(characterGenerations)
    .set({ clipKey })
    .where(and(eq(characterGenerations.id, id), eq(characterGenerations.userId, userId)));
};

/**
 * What the library shows of these generations of the user besides the saved row: whether the
 * motion step made a clip, and where the face is.
 */
export const generationExtras = async (db: Db, userId: string, ids: string[]) =>
  new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({
              id: characterGenerations.id,
              clipKey: characterGenerations.clipKey,
              faceBox: characterGenerations.faceBox,
            })
            .from(characterGenerations)
            .where(
              and(eq(characterGenerations.userId, userId), inArray(characterGenerations.id, ids)),
            )
        ).map((r) => [r.id, { hasClip: r.clipKey !== null, faceBox: r.faceBox ?? null }] as const),
  );

/** Records where the character-face job found the face (null: none found). */
export const setGenerationFace = async (
  db: Db,
  userId: string,
  id: string,
  faceBox: GenerationRow['faceBox'],
) => {
  await db
    .update(characterGenerations)
    .set({ faceBox })
    .where(and(eq(characterGenerations.id, id), eq(characterGenerations.userId, userId)));
};

/**
 * Generations whose face is not known (made before the character-face job, decision 139, or with
 * no face found), a page at a time after `afterId`, each with its owner: the face job reads the
 * generation through its owner like any other.
 */
export const generationsWithoutFace = (db: Db, afterId: string, limit: number) =>
  db
    .select({ userId: characterGenerations.userId, generationId: characterGenerations.id })
    .from(characterGenerations)
    .where(and(isNull(characterGenerations.faceBox), gt(characterGenerations.id, afterId)))
    .orderBy(asc(characterGenerations.id))
    .limit(limit);

/** The face box of one of the user's saved characters (by the character's id), or null. */
export const characterFaceBox = async (db: Db, userId: string, characterId: string) =>
  (
    await db
      .select({ faceBox: characterGenerations.faceBox })
      .from(characters)
      .innerJoin(characterGenerations, eq(characterGenerations.id, characters.generationId))
      .where(and(eq(characters.id, characterId), eq(characters.userId, userId)))
      .limit(1)
  )[0]?.faceBox ?? null;

/**
 * The media route's lookup: by id alone, since its URL carries no session. The caller checks
 * the id's capability first, so only someone given the URL gets this far.
 */
export const findGenerationForMedia = async (db: Db, id: string) =>
  (
    await db
      .select({
        storageKey: characterGenerations.storageKey,
        clipKey: characterGenerations.clipKey,
      })
      .from(characterGenerations)
      .where(eq(characterGenerations.id, id))
      .limit(1)
  )[0] ?? null;

export const listCharacters = (db: Db, userId: string) =>
  db
    .select()
    .from(characters)
    .where(eq(characters.userId, userId))
    .orderBy(desc(characters.createdAt), desc(characters.id))
    .limit(LIST_LIMIT);

export const findCharacter = async (db: Db, userId: string, id: string) =>
  (
    await db
      .select()
      .from(characters)
      .where(and(eq(characters.id, id), eq(characters.userId, userId)))
      .limit(1)
  )[0] ?? null;

/** The user's n-th character, oldest first (1-based). */
export const nthCharacter = async (db: Db, userId: string, n: number) =>
  (
    await db
      .select()
      .from(characters)
      .where(eq(characters.userId, userId))
      .orderBy(asc(characters.createdAt), asc(characters.id))
      .offset(n - 1)
      .limit(1)
  )[0] ?? null;

/** Saves a generation into the library once: saving it again answers the existing character. */
export const insertCharacterOnce = async (db: Db, row: typeof characters.$inferInsert) => {
  await db
    .insert(characters)
    .values(row)
    .onConflictDoNothing({ target: [characters.userId, characters.generationId] });
  return (
    await db
      .select()
      .from(characters)
      .where(and(eq(characters.userId, row.userId), eq(characters.generationId, row.generationId)))
      .limit(1)
  )[0]!;
};

export const deleteCharacter = async (db: Db, userId: string, id: string) =>
  (
    await db
      .delete(characters)
      .where(and(eq(characters.id, id), eq(characters.userId, userId)))
      .returning({ id: characters.id })
  ).length > 0;
