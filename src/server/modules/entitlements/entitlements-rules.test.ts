import { describe, expect, it } from 'vitest';
import type { TPlanKey } from '#contract/plans';
import { computeEntitlements, currentPeriod } from './entitlements-rules';

const period = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };
const run = (plan: TPlanKey, status: string | null, used: number, productCount = 1) =>
  computeEntitlements({ plan, subscriptionStatus: status, used, productCount, period });

describe('computeEntitlements', () => {
  const limits = { basic: 15, plus: 50, pro: 150 } as const;

  it('free: app access only with a product, never generation, reason no_plan, no quota', () => {
    expect(run('free', null, 0, 0)).toMatchObject({
      canAccessApp: false,
      canGenerate: false,
      reason: 'no_plan',
      limit: null,
      remainingQuota: 0,
    });
    expect(run('free', null, 0, 1)).toMatchObject({
      canAccessApp: true,
      canGenerate: false,
      reason: 'no_plan',
    });
  });

  for (const plan of ['basic', 'plus', 'pro'] as const) {
    const limit = limits[plan];
    describe(plan, () => {
      it.each([
        ['active', 0, true, null, limit],
        ['active', limit - 1, true, null, 1],
        ['active', limit, false, 'limit', 0],
        ['active', limit + 5, false, 'limit', 0],
        ['trialing', 3, true, null, limit - 3],
        [null, 0, true, null, limit],
        ['past_due', 0, false, 'payment_issue', limit],
        ['unpaid', 0, false, 'payment_issue', limit],
        ['incomplete', 0, false, 'payment_issue', limit],
        ['canceled', 0, false, 'no_plan', limit],
      ] as const)(
        'status %s, used %i → canGenerate %s, reason %s, remaining %i',
        (status, used, canGenerate, reason, remaining) => {
          const e = run(plan, status, used, 0);
          expect(e).toMatchObject({
            plan,
            canAccessApp: true,
            canGenerate,
            reason,
            limit,
            remainingQuota: remaining,
          });
        },
      );
    });
  }

  it('reports the period and the usage counted in it', () => {
    const e = run('plus', 'active', 7);
    expect(e).toMatchObject({
      used: 7,
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
    });
  });
});

describe('currentPeriod', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('follows the subscription period when it has one', () => {
    const p = currentPeriod(new Date('2026-12-05T08:00:00Z'), now);
    expect(p.start.toISOString()).toBe('2026-11-05T08:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-12-05T08:00:00.000Z');
  });
  it('uses the calendar month without one, or once the period has ended', () => {
    for (const end of [null, new Date('2026-11-10T00:00:00Z')]) {
      const p = currentPeriod(end, now);
      expect(p.start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
      expect(p.end.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    }
  });
});
