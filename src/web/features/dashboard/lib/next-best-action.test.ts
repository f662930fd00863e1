import { describe, expect, it } from 'vitest';
import type { NextBestActionFacts } from './next-best-action';
import { NEXT_BEST_ACTION_STEPS, doneSteps, stepsWithStatus } from './next-best-action';

const now = new Date('2025-03-10T12:00:00.000Z');
const facts = (overrides: Partial<NextBestActionFacts> = {}): NextBestActionFacts => ({
  tiktokConnected: false,
  productCount: 0,
  campaigns: [],
  draftCount: 0,
  now,
  ...overrides,
});

const statuses = (f: NextBestActionFacts) =>
  Object.fromEntries(stepsWithStatus(doneSteps(f)).map((s) => [s.key, s.status]));

describe('Next Best Action steps', () => {
  it('lists the four steps of docs/product/dashboard.md rule 3 in order, with their destinations', () => {
    expect(NEXT_BEST_ACTION_STEPS.map((s) => [s.key, s.label, s.to])).toEqual([
      ['connect', 'Connect TikTok', '/settings?tab=tiktok'],
      ['product', 'Add a Product', '/products'],
      ['create', 'Create Content', '/create'],
      ['schedule', 'Create a Campaign', '/campaigns'],
    ]);
  });

  it('makes the first step active and the rest pending for a new user', () => {
    expect(statuses(facts())).toEqual({
      connect: 'active',
      product: 'pending',
      create: 'pending',
      schedule: 'pending',
    });
  });

  it('keeps a later step done even when an earlier one is not', () => {
    expect(statuses(facts({ productCount: 1 }))).toEqual({
      connect: 'active',
      product: 'done',
      create: 'pending',
      schedule: 'pending',
    });
  });

  it('moves on to the first step not done', () => {
    expect(statuses(facts({ tiktokConnected: true, productCount: 2 }))).toEqual({
      connect: 'done',
      product: 'done',
      create: 'active',
      schedule: 'pending',
    });
  });

  it('counts content created when a campaign has an item, or a draft exists', () => {
    expect(doneSteps(facts({ campaigns: [{ itemDates: [null] }] })).create).toBe(true);
    expect(doneSteps(facts({ draftCount: 1 })).create).toBe(true);
    expect(doneSteps(facts({ campaigns: [{ itemDates: [] }] })).create).toBe(false);
  });

  it('counts a campaign, or an item scheduled in the future, as scheduling done', () => {
    expect(doneSteps(facts({ campaigns: [{ itemDates: [] }] })).schedule).toBe(true);
    expect(doneSteps(facts()).schedule).toBe(false);
  });

  it('has no active step once everything is done', () => {
    const all = stepsWithStatus(
      doneSteps(
        facts({
          tiktokConnected: true,
          productCount: 1,
          campaigns: [{ itemDates: ['2025-03-11T09:00:00.000Z'] }],
        }),
      ),
    );
    expect(all.every((s) => s.status === 'done')).toBe(true);
  });
});
