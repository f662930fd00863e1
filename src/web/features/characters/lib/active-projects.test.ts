import { describe, expect, it } from 'vitest';
import type { TCampaign } from '#contract/campaigns';
import { activeProjectsLabel, campaignsInProgress, creditsUsedLabel } from './active-projects';

const campaign = (endDate: string) => ({ endDate }) as TCampaign;

describe('characters page figures', () => {
  it('counts campaigns until their last day has passed', () => {
    const list = [campaign('2026-11-23'), campaign('2026-11-24'), campaign('2026-12-01')];
    expect(campaignsInProgress(list, '2026-11-24')).toBe(2);
  });

  it('adds drafts and campaigns, and says "+" once the draft list is full', () => {
    expect(activeProjectsLabel(3, 2)).toBe('5');
    expect(activeProjectsLabel(0, 0)).toBe('0');
    expect(activeProjectsLabel(50, 1)).toBe('51+');
  });

  it('shows credits as count × 0.25 without trailing zeros', () => {
    expect(creditsUsedLabel(0, 0.25)).toBe('0');
    expect(creditsUsedLabel(3, 0.25)).toBe('0.75');
    expect(creditsUsedLabel(4, 0.25)).toBe('1');
    expect(creditsUsedLabel(6, 0.25)).toBe('1.5');
  });
});
