import type { BillingLedger } from '../../adapters/billing/billing-events';
import type { Database } from '../../db/client';
import { findBillingUser, findUserIdByCustomer } from './billing-repo';
import { stateOfRow } from './subscription-state';
import type { SubscriptionStore } from './subscription-store';

type Log = (level: 'info' | 'warn', message: string) => void;

/**
 * The surface payment providers feed: Stripe's webhook and the local test checkout raise events
 * here, and the one state machine applies them (decision 007).
 */
export const createBillingLedger = ({
  db,
  store,
  log = () => undefined,
}: {
  db: Database;
  store: SubscriptionStore;
  log?: Log;
}): BillingLedger => ({
  account: async (userId) => {
    const row = await findBillingUser(db, userId);
    return row ? { userId, email: row.email, name: row.name, state: stateOfRow(row) } : null;
  },

  apply: (userId, decide) => store.mutate(userId, decide),

  /** Unknown users and event types are recorded too, so a redelivery is a no-op. */
  notify: async (notice) => {
    let userId = notice.userId;
    if (!userId && notice.customerId) {
      userId = (await findUserIdByCustomer(db, notice.customerId)) ?? null;
    }
    if (!userId) {
      log('warn', `billing: event ${notice.eventId} (${notice.eventType}) matches no user`);
      await store.recordEvent(notice.eventId, notice.eventType);
      return 'no_user';
    }
    const result = await store.apply(userId, notice.event, {
      eventId: notice.eventId,
      eventType: notice.eventType,
    });
    log('info', `billing: event ${notice.eventId} (${notice.eventType}) ${result.outcome}`);
    return result.outcome;
  },
});
