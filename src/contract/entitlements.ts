import { z } from 'zod';
import { ZPlanKey } from './plan-schemas';

export const BLOCK_REASONS = ['limit', 'no_plan', 'payment_issue'] as const;
export const ZBlockReason = z.enum(BLOCK_REASONS);

/** GET /api/entitlements — docs/product/billing.md rule 2. */
export const ZEntitlements = z.object({
  canAccessApp: z.boolean(),
  canGenerate: z.boolean(),
  reason: ZBlockReason.nullable(),
  plan: ZPlanKey,
  /** Generations allowed this period; null when the plan has no quota (free). */
  limit: z.number().int().nullable(),
  remainingQuota: z.number().int(),
  /** Generations counted this period. */
  used: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The subscription's status (past_due and unpaid are the payment issues); null on free. */
  subscriptionStatus: z.string().nullable().optional(),
  /** The paid plan ends at periodEnd instead of renewing; it stays usable until then. */
  cancelAtPeriodEnd: z.boolean().optional(),
});
export type TEntitlements = z.infer<typeof ZEntitlements>;
