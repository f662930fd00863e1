import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { templateUsage, templateUses } from '../../db/schema';
import type { Db } from '../../db/types';

/** Uses per template id; a template never used is absent. */
export const readUsageCounts = async (db: Database): Promise<Map<string, number>> => {
  const rows = await db
    .select({ templateId: templateUsage.templateId, usageCount: templateUsage.usageCount })
    .from(templateUsage);
  return new Map(rows.map((r) => [r.templateId, r.usageCount]));
};

export const readUsageCount = async (db: Db, templateId: string): Promise<number> => {
  const [row] = await db
    .select({ usageCount: templateUsage.usageCount })
    .from(templateUsage)
    .where(eq(templateUsage.templateId, templateId));
  return row?.usageCount ?? 0;
};

/** The use this user already made under this key, if any. */
export const findUse = async (db: Db, userId: string, idempotencyKey: string) => {
  const [row] = await db
    .select()
    .from(templateUses)
    .where(and(eq(templateUses.userId, userId), eq(templateUses.idempotencyKey, idempotencyKey)));
  return row;
};

/**
 * Claims the key for this use. Resolves to false when the key is taken: a concurrent request
 * with the same key waits here on the primary key until the first one commits or rolls back.
 */
export const claimUse = async (db: Db, row: typeof templateUses.$inferInsert) => {
  const inserted = await db
    .insert(templateUses)
    .values(row)
    .onConflictDoNothing()
    .returning({ draftId: templateUses.draftId });
  return inserted.length > 0;
};

export const countUse = async (db: Db, templateId: string) => {
  await db
    .insert(templateUsage)
    .values({ templateId, usageCount: 1 })
    .onConflictDoUpdate({
      target: templateUsage.templateId,
      set: { usageCount: sql`${templateUsage.usageCount} + 1` },
    });
};
