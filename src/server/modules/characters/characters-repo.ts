import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
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

/** Which of these generations of the user have a clip. */
export const generationsWithClips = async (db: Db, userId: string, ids: string[]) =>
  ids.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .select({ id: characterGenerations.id })
            .from(characterGenerations)
            .where(
              and(
                eq(characterGenerations.userId, userId),
                inArray(characterGenerations.id, ids),
                isNotNull(characterGenerations.clipKey),
              ),
            )
        ).map((r) => r.id),
      );

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
