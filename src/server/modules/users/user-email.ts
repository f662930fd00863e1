import type { Database } from '../../db/client';
import { findUserById } from './users-repo';

/** The account's e-mail, for checks outside this module (the operator list of the dev pages). */
export const findUserEmail = async (db: Database, userId: string): Promise<string | null> =>
  (await findUserById(db, userId))?.email ?? null;
