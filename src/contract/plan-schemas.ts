import { z } from 'zod';
import { PAID_PLAN_KEYS, PLAN_KEYS } from './plans';

export const ZPlanKey = z.enum(PLAN_KEYS);
export const ZPaidPlanKey = z.enum(PAID_PLAN_KEYS);
