import type { BillingConfig } from '../../config';
import type { Database } from '../../db/client';
import type { SubscriptionStore } from '../../modules/billing';
import type { LocalBilling } from './local-billing';
import { createLocalBilling } from './local-billing';
import type { StripeBilling } from './stripe-billing';
import { createStripeBilling } from './stripe-billing';

export type Billing = StripeBilling | LocalBilling;

export const createBilling = (
  config: BillingConfig,
  deps: {
    db: Database;
    store: SubscriptionStore;
    appUrl: string;
    logError?: (error: unknown, message: string) => void;
  },
): Billing =>
  config.kind === 'stripe'
    ? createStripeBilling(config, { appUrl: deps.appUrl, logError: deps.logError })
    : createLocalBilling({ db: deps.db, store: deps.store, appUrl: deps.appUrl });
