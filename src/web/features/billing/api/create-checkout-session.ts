import type { TCheckoutRequest } from '#contract/billing';
import { ZRedirectUrl } from '#contract/billing';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Thrown when the server answers OK without a URL; its `{ error }`, if any, is the message. */
export class BillingRedirectError extends Error {}

/** The spec's `{ url | error }`: the contract's URL, or the words why there is none. */
const ZRedirectAnswer = ZRedirectUrl.partial().extend({ error: z.unknown().optional() });

export const redirectUrlOf = (raw: unknown) => {
  const answer = ZRedirectAnswer.parse(raw);
  if (answer.url) return answer.url;
  throw new BillingRedirectError(typeof answer.error === 'string' ? answer.error : '');
};

export const createCheckoutSession = async (request: TCheckoutRequest): Promise<string> =>
  redirectUrlOf(
    await apiRequest<unknown>('/api/billing/create-checkout-session', {
      body: request,
    }),
  );
