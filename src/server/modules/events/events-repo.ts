import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appEvents } from '../../db/schema';

export const insertEvent = async (db: Database, row: typeof appEvents.$inferInsert) => {
  await db.insert(appEvents).values(row);
};

export const listEvents = (
  db: Database,
  userId: string,
  { name, limit }: { name?: string; limit: number },
) =>
  db
    .select()
    .from(appEvents)
    .where(and(eq(appEvents.userId, userId), name ? eq(appEvents.name, name) : undefined))
    .orderBy(desc(appEvents.createdAt), desc(appEvents.id))
    .limit(limit);
