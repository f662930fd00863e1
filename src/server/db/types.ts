import type { Database } from './client';

/** A transaction handle; repository functions take either it or the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;
