import { beforeEach, describe, expect, it } from 'vitest';
import type { TProduct } from '#contract/products';
import { chooseHook } from './choose-hook';
import { rememberHook } from './hook-history';
import { productFixture } from '@/testing/fixtures';

const serumHooks = Array.from(
  { length: 20 },
  (_, i) => `Day ${i + 1} of this vitamin C serum on dull skin`,
);

const product = (aiBrief: TProduct['aiBrief']): TProduct =>
  productFixture({
    name: 'GlowDrop Vitamin C Serum',
    description: 'A brightening vitamin C serum for busy moms with dull, tired skin.',
    isDefault: false,
    aiBrief,
  });

const brief = (hooks: string[], hooksSeeds: string[] = []): TProduct['aiBrief'] => ({
  hooks,
  hooksSeeds,
  voice: '',
  hashtags: [],
});

beforeEach(() => {
  localStorage.clear();
});

describe('chooseHook', () => {
  it('loads the stored hooks and pre-fills the first one without a generic phrase', () => {
    const hooks = ['Not kidding, this serum', ...serumHooks];
    const choice = chooseHook(product(brief(hooks)));
    expect(choice).toEqual({ hooks, prefill: serumHooks[0], mustReanalyze: false });
  });

  it('passes over hooks used lately when another one is left', () => {
    rememberHook('p1', serumHooks[0]!.toUpperCase());
    rememberHook('p1', serumHooks[1]!);
    expect(chooseHook(product(brief(serumHooks))).prefill).toBe(serumHooks[2]);

    // Every hook used lately: the first suitable one is still better than none.
    const all = chooseHook(product(brief(serumHooks)), serumHooks);
    expect(all.prefill).toBe(serumHooks[0]);
  });

  it('falls back to the hook seeds and asks for a re-analysis', () => {
    const seeds = ['Busy moms and dull skin', 'Vitamin C in the morning'];
    const choice = chooseHook(product(brief([], seeds)));
    expect(choice).toEqual({ hooks: seeds, prefill: seeds[0], mustReanalyze: true });
  });

  it('asks for a re-analysis without a brief or with fewer than 20 hooks', () => {
    expect(chooseHook(product(null))).toEqual({ hooks: [], prefill: null, mustReanalyze: true });
    const few = chooseHook(product(brief(serumHooks.slice(0, 19))));
    expect(few.mustReanalyze).toBe(true);
    expect(few.prefill).toBe(serumHooks[0]);
  });

  it('asks for a re-analysis when most hooks are generic or about something else', () => {
    const generic = Array.from({ length: 11 }, (_, i) => `Not kidding, serum reason ${i}`);
    const mostlyGeneric = chooseHook(product(brief([...generic, ...serumHooks.slice(0, 10)])));
    expect(mostlyGeneric.mustReanalyze).toBe(true);
    expect(mostlyGeneric.prefill).toBe(serumHooks[0]);

    const foreign = Array.from({ length: 21 }, (_, i) => `Smoothie number ${i} at the gym`);
    expect(chooseHook(product(brief(foreign))).mustReanalyze).toBe(true);
  });

  it('shows each hook once and skips blank ones', () => {
    const hooks = [...serumHooks, serumHooks[0]!.toUpperCase(), '  '];
    expect(chooseHook(product(brief(hooks))).hooks).toEqual(serumHooks);
  });
});
