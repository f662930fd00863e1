import { describe, expect, it } from 'vitest';
import { claimBase } from './clauses';

describe('claimBase', () => {
  it('puts a claim and each verb joined to it in the base form', () => {
    expect(claimBase('brightens dull skin')).toBe('brighten dull skin');
    expect(claimBase('squeezes a lime in one go and fits a kitchen drawer')).toBe(
      'squeeze a lime in one go and fit a kitchen drawer',
    );
    expect(claimBase('absorbs in 30 seconds and layers under makeup without pilling')).toBe(
      'absorb in 30 seconds and layer under makeup without pilling',
    );
    expect(claimBase('keeps drinks cold and tastes great')).toBe(
      'keep drinks cold and taste great',
    );
  });

  it('leaves the nouns of a list alone', () => {
    expect(claimBase('is safe for kids and pets')).toBe('be safe for kids and pets');
    expect(claimBase('works for dogs and cats of all sizes')).toBe(
      'work for dogs and cats of all sizes',
    );
    expect(claimBase('fits cups, mugs and glasses')).toBe('fit cups, mugs and glasses');
    expect(claimBase('reduces frizz and bedhead for curly and wavy hair')).toBe(
      'reduce frizz and bedhead for curly and wavy hair',
    );
  });
});
