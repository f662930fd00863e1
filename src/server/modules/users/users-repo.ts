import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export const findUserById = async (db: Database, userId: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
};

export const updateUserProfile = async (
  db: Database,
  userId: string,
  changes: Partial<Pick<UserRow, 'profileImageKey' | 'timezone'>>,
) => {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
};
