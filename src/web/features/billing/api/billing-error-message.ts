import { ApiError } from '@/lib/api-client';
import { BillingRedirectError } from './create-checkout-session';

/**
 * The server's own words when it sent some (docs/product/billing.md rule 7), otherwise the screen's
 * fallback.
 */
export const billingErrorMessage = (error: unknown, fallback: string) => {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof BillingRedirectError && error.message) return error.message;
  return fallback;
};
