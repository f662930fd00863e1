import { AppError } from '../../errors';
import type { BillingAdapter } from './billing-adapter';
import { emptySummary } from './billing-adapter';

const notSold = () =>
  new AppError(
    'billing_not_configured',
    'Paid plans are not on sale on this server yet. Please contact support.',
  );

/**
 * A production server without Stripe (and without BILLING_LOCAL_IN_PRODUCTION): every plan
 * purchase or change is refused with a clear error instead of being given away (decision 015).
 */
export const createOffBilling = (): BillingAdapter => ({
  portalForAnyCustomer: false,
  describe:
    'billing: off (production without STRIPE_* variables: purchases are refused; set them, or BILLING_LOCAL_IN_PRODUCTION=true for the test checkout)',
  createCheckout: () => Promise.reject(notSold()),
  createPortal: () => Promise.reject(notSold()),
  changePlan: () => Promise.reject(notSold()),
  summary: async () => emptySummary(false),
});
