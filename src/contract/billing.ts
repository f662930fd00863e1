import { z } from 'zod';
import { ZPaidPlanKey } from './plan-schemas';

/** POST /api/billing/create-checkout-session: { plan } or { plan, trial: false }. */
export const ZCheckoutRequest = z
  .object({ plan: ZPaidPlanKey, trial: z.boolean().optional() })
  .strict();
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/** POST /api/billing/update-subscription: 200 only when the plan change is done. */
export const ZUpdateSubscriptionRequest = z.object({ plan: ZPaidPlanKey }).strict();
/** Its 200 answer: the plan the subscription is now on. */
export const ZUpdateSubscriptionResponse = z.object({ plan: ZPaidPlanKey });

/** Checkout and portal answers: the browser goes to `url`. */
export const ZRedirectUrl = z.object({ url: z.string() });
export type TRedirectUrl = z.infer<typeof ZRedirectUrl>;

/**
 * GET /api/billing/summary — the summary Settings → Billing shows (docs/product/billing.md rule 9;
 * amounts in cents).
 */
export const ZBillingSummary = z.object({
  current_period_end: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  payment_method: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  cancel_at_period_end: z.boolean(),
  /** True when the local checkout (no real payments) is in use. */
  test_mode: z.boolean(),
  invoices: z.array(
    z.object({
      id: z.string(),
      /** Unix seconds, as Stripe gives it. */
      created: z.number().int(),
      amount_due: z.number().int(),
      currency: z.string(),
      status: z.string(),
      hosted_invoice_url: z.string().nullable(),
    }),
  ),
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;
