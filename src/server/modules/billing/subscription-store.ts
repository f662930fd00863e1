import type { LedgerOutcome } from '../../adapters/billing/billing-events';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/types';
import { lockBillingUser, markEventProcessed, saveSubscriptionColumns } from './billing-repo';
import type { BillingEvent, SubscriptionState } from './subscription-state';
import { rowOfState, stateOfRow, transition } from './subscription-state';

export type MutateOutcome = LedgerOutcome;

type Decide = (tx: Tx, state: SubscriptionState) => Promise<BillingEvent | null>;

/**
 * Applies billing events to a user's row. Each change runs in one transaction that first
 * records the provider's event id (when there is one: a redelivery stops there) and then locks
 * the user's row, so concurrent deliveries and page submissions for one user queue up.
 */
export const createSubscriptionStore = (db: Database) => {
  const mutate = async (
    userId: string,
    decide: Decide,
    { eventId, eventType }: { eventId?: string; eventType?: string } = {},
  ): Promise<MutateOutcome> =>
    db.transaction(async (tx) => {
      if (eventId && !(await markEventProcessed(tx, eventId, eventType ?? 'unknown'))) {
        return { outcome: 'duplicate' as const };
      }
      const row = await lockBillingUser(tx, userId);
      if (!row) return { outcome: 'no_user' as const };
      const state = stateOfRow(row);
      const event = await decide(tx, state);
      if (!event) return { outcome: 'ignored' as const, state, note: 'nothing to do' };
      const next = transition(state, event);
      if (next.applied) await saveSubscriptionColumns(tx, userId, rowOfState(next.state));
      return {
        outcome: next.applied ? ('applied' as const) : ('ignored' as const),
        state: next.state,
        note: next.note,
      };
    });

  /** Records an event id that concerns no user of ours, so its redelivery is a no-op too. */
  const recordEvent = async (eventId: string, eventType: string) =>
    db.transaction(async (tx) => markEventProcessed(tx, eventId, eventType));

  return {
    mutate,
    apply: (
      userId: string,
      event: BillingEvent,
      ids: { eventId?: string; eventType?: string } = {},
    ) => mutate(userId, async () => event, ids),
    recordEvent,
  };
};

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
