import { z } from 'zod';
import { ZPlanKey } from './plan-schemas';

export const BLOCK_REASONS = ['limit', 'no_plan', 'payment_issue'] as const;
export const ZBlockReason = z.enum(BLOCK_REASONS);

/** GET /api/entitlements — spec 01 §3, rules in DESIGN §4. */
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
});
export type TEntitlements = z.infer<typeof ZEntitlements>;
