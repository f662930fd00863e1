import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

const userById = preparedQuery('user_by_id', (db, name) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name),
);

export const findUserById = async (db: Database, userId: string): Promise<UserRow | undefined> => {
  const [row] = await userById(db).execute({ userId });
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
