import type { TCheckoutRequest, TRedirectUrl } from '#contract/billing';
import { apiRequest } from '@/lib/api-client';

/** Thrown when the server answers OK without a URL; its `{ error }`, if any, is the message. */
export class BillingRedirectError extends Error {}

export const redirectUrlOf = (answer: Partial<TRedirectUrl> & { error?: unknown }) => {
  if (answer.url) return answer.url;
  throw new BillingRedirectError(typeof answer.error === 'string' ? answer.error : '');
};

export const createCheckoutSession = async (request: TCheckoutRequest): Promise<string> =>
  redirectUrlOf(
    await apiRequest<Partial<TRedirectUrl>>('/api/billing/create-checkout-session', {
      body: request,
    }),
  );
