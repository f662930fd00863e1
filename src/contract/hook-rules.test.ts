import { describe, expect, it } from 'vitest';
import {
  hookKey,
  isGenericHook,
  mentionsProduct,
  needsReanalysis,
  preferredHook,
  productKeywords,
} from './hook-rules';

const serum = {
  name: 'GlowDrop Vitamin C Serum',
  description: 'A brightening vitamin C serum for busy moms with dull, tired skin.',
};
const blender = {
  name: 'PowerBlend Portable Blender',
  description: 'USB-C rechargeable blender cup for smoothies and protein shakes at the gym.',
};

const serumHooks = (count: number) =>
  Array.from({ length: count }, (_, i) => `Day ${i + 1} of this vitamin C serum on dull skin`);

describe('isGenericHook', () => {
  it('spots the generic phrases in any case or spacing', () => {
    expect(isGenericHook('Not kidding, this serum is great')).toBe(true);
    expect(isGenericHook('this FIXES it')).toBe(true);
    expect(isGenericHook('The ultimate time saver for moms')).toBe(true);
    expect(isGenericHook('How I save  time every morning')).toBe(true);
    expect(isGenericHook('Busy moms, this serum brightens dull skin')).toBe(false);
  });
});

describe('hookKey', () => {
  it('treats case, spacing, curly quotes and end punctuation as the same hook', () => {
    expect(hookKey('  This  Serum WORKS!!  ')).toBe('this serum works');
    expect(hookKey('"this serum works."')).toBe(hookKey('This serum works'));
    expect(hookKey('It\u2019s the serum')).toBe(hookKey("it's the serum"));
    expect(hookKey('This serum works')).not.toBe(hookKey('This serum worked'));
  });
});

describe('productKeywords and mentionsProduct', () => {
  it("takes the keywords from the product's own name and description", () => {
    const keywords = productKeywords(blender);
    for (const word of ['blender', 'smoothie', 'usb-c', 'cup', 'gym', 'shake', 'protein']) {
      expect(mentionsProduct(`All about the ${word}`, keywords), word).toBe(true);
    }
    expect(mentionsProduct('The best thing this week', keywords)).toBe(false);
    expect(mentionsProduct('My Smoothies at the GYM', keywords)).toBe(true);
    expect(mentionsProduct('Busy moms, try this today', keywords)).toBe(false);
  });

  it('keeps a very short product name as its own keyword', () => {
    const keywords = productKeywords({ name: 'Yo', description: '' });
    expect(mentionsProduct('Why I love Yo', keywords)).toBe(true);
  });
});

describe('needsReanalysis', () => {
  it('asks for a brief with fewer than 20 distinct hooks', () => {
    expect(needsReanalysis(null)).toBe(true);
    expect(needsReanalysis(undefined)).toBe(true);
    expect(needsReanalysis({ hooks: 'nope' })).toBe(true);
    expect(needsReanalysis({ hooks: serumHooks(19) }, serum)).toBe(true);
    expect(needsReanalysis({ hooks: [...serumHooks(19), '  ', 42] }, serum)).toBe(true);
    expect(needsReanalysis({ hooks: serumHooks(20) }, serum)).toBe(false);
    // Twenty entries that are one hook in different cases are one hook.
    expect(
      needsReanalysis({ hooks: Array.from({ length: 20 }, (_, i) => (i % 2 ? 'A' : 'a')) }),
    ).toBe(true);
  });

  it('asks when more than half contain a generic phrase', () => {
    const generic = Array.from({ length: 11 }, (_, i) => `Not kidding, serum reason ${i}`);
    expect(needsReanalysis({ hooks: [...serumHooks(10), ...generic] }, serum)).toBe(true);
    // Exactly half is not more than half.
    expect(needsReanalysis({ hooks: [...serumHooks(11), ...generic] }, serum)).toBe(false);
  });

  it('asks when more than half lack every product keyword', () => {
    const foreign = Array.from({ length: 11 }, (_, i) => `Smoothie number ${i} at the gym`);
    expect(needsReanalysis({ hooks: [...serumHooks(10), ...foreign] }, serum)).toBe(true);
    // For the blender it is the serum hooks that are foreign, and they are fewer than half.
    expect(needsReanalysis({ hooks: [...serumHooks(10), ...foreign] }, blender)).toBe(false);
    expect(needsReanalysis({ hooks: [...serumHooks(12), ...foreign] }, serum)).toBe(false);
    // Without the product only the generic phrases count.
    expect(needsReanalysis({ hooks: [...serumHooks(10), ...foreign] })).toBe(false);
  });
});

describe('preferredHook', () => {
  it('is the first hook without a generic phrase', () => {
    expect(preferredHook(['Not kidding: serum', '  ', 'Busy moms, this serum'])).toBe(
      'Busy moms, this serum',
    );
    expect(preferredHook(['This fixes it'])).toBeNull();
    expect(preferredHook([])).toBeNull();
  });

  it('passes over a hook longer than an AI hook may be', () => {
    expect(preferredHook([`This serum ${'x'.repeat(120)}`, 'This serum, short'])).toBe(
      'This serum, short',
    );
  });
});
