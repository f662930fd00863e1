import type { Db } from '../../db/types';
import { listAccountsForAnalytics } from './tiktok-accounts-repo';

/** Connected accounts as analytics reads them: who they belong to, their names and scopes. */
export const createConnectedAccounts = (db: Db) => ({
  /** The user's accounts, oldest connection first. */
  ofUser: (userId: string) => listAccountsForAnalytics(db, userId),
  /** Every connected account, for the hourly sync. */
  all: () => listAccountsForAnalytics(db),
});

export type ConnectedAccounts = ReturnType<typeof createConnectedAccounts>;
