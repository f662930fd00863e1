import { and, eq, isNull, sql } from 'drizzle-orm';
import { billingEvents, users } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import type { Db, Tx } from '../../db/types';
import type { SubscriptionColumns } from './subscription-state';

/** The subscription columns of `user`, selected wherever a plan decision is made. */
export const subscriptionColumns = {
  plan: users.plan,
  subscriptionStatus: users.subscriptionStatus,
  stripeCustomerId: users.stripeCustomerId,
  stripeSubscriptionId: users.stripeSubscriptionId,
  stripePriceId: users.stripePriceId,
  currentPeriodEnd: users.currentPeriodEnd,
  cancelAtPeriodEnd: users.cancelAtPeriodEnd,
};

/** The plan columns, held until the transaction ends when `lock` is set (usage counting). */
// Every screen's entitlements read this row; a locking read happens once per transaction.
const planColumns = preparedQuery('plan_columns', (db, name) =>
  db
    .select(subscriptionColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name),
);

export const findPlanColumns = async (db: Db, userId: string, { lock }: { lock: boolean }) => {
  const [row] = lock
    ? await db.select(subscriptionColumns).from(users).where(eq(users.id, userId)).for('update')
    : await planColumns(db).execute({ userId });
  return row;
};

export type BillingUserRow = SubscriptionColumns & { id: string; email: string; name: string };

const billingUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  ...subscriptionColumns,
};

export const findBillingUser = async (db: Db, userId: string) => {
  const [row] = await db.select(billingUserColumns).from(users).where(eq(users.id, userId));
  return row as BillingUserRow | undefined;
};

/** Reads the row and holds it until the transaction ends: billing changes of a user queue up. */
export const lockBillingUser = async (tx: Tx, userId: string) => {
  const [row] = await tx
    .select(billingUserColumns)
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row as BillingUserRow | undefined;
};

export const findUserIdByCustomer = async (db: Db, customerId: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeCustomerId, customerId));
  return row?.id;
};

export const saveSubscriptionColumns = async (db: Db, userId: string, row: SubscriptionColumns) => {
  await db
    .update(users)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(users.id, userId));
};

export const saveCustomerId = async (db: Db, userId: string, customerId: string) => {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
};

/** True the first time an event id is seen; false for a redelivery. */
export const markEventProcessed = async (tx: Tx, id: string, type: string) => {
  const inserted = await tx
    .insert(billingEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
};
