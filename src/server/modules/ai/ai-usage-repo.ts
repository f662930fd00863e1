import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aiDailyUsage } from '../../db/schema';

/**
 * Takes one unit of the user's allowance for `day` in a single statement, or none when `allowance`
 * units are already taken. The conditional upsert re-checks the row PostgreSQL locked, so
 * parallel calls at the edge cannot all slip through. Resolves to the units taken that day, or
 * null when the allowance is used up.
 */
export const takeAiUnit = async (
  db: Database,
  userId: string,
  day: string,
  allowance: number,
): Promise<number | null> => {
  if (allowance <= 0) return null;
  const [row] = await db
    .insert(aiDailyUsage)
    .values({ userId, day, count: 1 })
    .onConflictDoUpdate({
      target: [aiDailyUsage.userId, aiDailyUsage.day],
      set: { count: sql`${aiDailyUsage.count} + 1` },
      setWhere: sql`${aiDailyUsage.count} < ${allowance}`,
    })
    .returning({ count: aiDailyUsage.count });
  return row?.count ?? null;
};

/** Hands a unit back (a call that gave the user nothing). */
export const returnAiUnit = async (db: Database, userId: string, day: string) => {
  await db
    .update(aiDailyUsage)
    .set({ count: sql`${aiDailyUsage.count} - 1` })
    .where(
      and(eq(aiDailyUsage.userId, userId), eq(aiDailyUsage.day, day), gt(aiDailyUsage.count, 0)),
    );
};
