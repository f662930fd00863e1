import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingInvoices, billingSessions } from '../../db/schema';
import type { BillingTx } from './billing-events';

/** The local test checkout's own records (its links and invoices), as Stripe keeps its own. */
type Db = Database | BillingTx;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const insertBillingSession = async (
  db: Db,
  row: Omit<typeof billingSessions.$inferInsert, 'tokenHash'> & { token: string },
) => {
  const { token, ...rest } = row;
  await db.insert(billingSessions).values({ ...rest, tokenHash: hashToken(token) });
};

/** A link's row while it is unused and unexpired. */
const liveSession = (token: string, kind: 'checkout' | 'portal', now: Date) =>
  and(
    eq(billingSessions.tokenHash, hashToken(token)),
    eq(billingSessions.kind, kind),
    isNull(billingSessions.usedAt),
    gt(billingSessions.expiresAt, now),
  );

export const findLiveBillingSession = async (
  db: Db,
  token: string,
  kind: 'checkout' | 'portal',
  now: Date,
) => {
  const [row] = await db
    .select()
    .from(billingSessions)
    .where(liveSession(token, kind, now));
  return row;
};

/** Marks the link used; exactly one of any concurrent callers gets the row back. */
export const consumeBillingSession = async (
  db: Db,
  token: string,
  kind: 'checkout' | 'portal',
  now: Date,
) => {
  const [row] = await db
    .update(billingSessions)
    .set({ usedAt: now })
    .where(liveSession(token, kind, now))
    .returning();
  return row;
};

export const insertInvoice = async (db: Db, row: typeof billingInvoices.$inferInsert) => {
  await db.insert(billingInvoices).values(row);
};

export const listInvoices = (db: Db, userId: string, limit = 10) =>
  db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.userId, userId))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(limit);

export const findInvoice = async (db: Db, id: string) => {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row ?? null;
};
