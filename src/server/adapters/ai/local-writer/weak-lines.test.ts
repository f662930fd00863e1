import { describe, expect, it } from 'vitest';
import type { AiProductInput } from '../ai-writer';
import { extractFacts } from '../product-facts';
import { createLocalWriter } from './index';
import { withOpener } from './carousel-plan';

// The weak lines read in docs/writer-samples.md (issue 27, docs/decisions/121): each came from a
// formula or a reading of the seller's text, so each is checked where it came from (the
// campaign's captions in modules/campaigns/campaign-plan.test.ts).

const writer = createLocalWriter();

const PILLOWCASE: AiProductInput = {
  name: 'Lumi Silk Pillowcase',
  description:
    '22 momme mulberry silk pillowcase that reduces frizz and bedhead for curly and wavy hair. Your curls stay defined overnight and wake up soft, not tangled. Hidden zipper closure.',
  price: '$29',
};
const POUR_OVER: AiProductInput = {
  name: 'Brewmate Collapsible Pour-Over',
  description:
    'Silicone pour-over coffee dripper that collapses flat to 1.5 cm for camping and travel. Fits most mugs, uses standard #2 filters and brews a clean cup in 3 minutes.',
  price: '$22',
};
const BACKPACK: AiProductInput = {
  name: 'Nomad 40L Travel Backpack',
  description:
    'A 40L carry-on travel backpack for frequent flyers. Opens like a suitcase, fits under-seat on most airlines, with a padded laptop sleeve and hidden passport pocket.',
  price: '$89',
};
const BANDS: AiProductInput = {
  name: 'FlexBand Pro',
  description:
    'Resistance bands set of 5, 10 to 50 lbs. Fabric, wont roll up or snap. Door anchor + carry bag included. For home workouts and travel.',
  price: '$34.99',
};

const hooksOf = async (product: AiProductInput) => {
  const brief = await writer.analyzeProduct(product);
  const more = await writer.generateVideoHooks(product, { count: 10, maxChars: 120, exclude: [] });
  return [...brief.hooks, ...more];
};

describe('the formulas behind weak lines', () => {
  it('reads "40L carry-on" as the backpack\'s size, not a quantity cut at its hyphen', async () => {
    expect(extractFacts(BACKPACK).quantities).not.toContain('40L carry');
    const hooks = await hooksOf(BACKPACK);
    expect(hooks.filter((h) => /\b40L carry\b(?!-)/.test(h))).toEqual([]);
  });

  it('keeps "not tangled" with what it contrasts, never a hook of its own', async () => {
    const hooks = await hooksOf(PILLOWCASE);
    expect(hooks.filter((h) => /^Not tangled\b/i.test(h))).toEqual([]);
    expect(hooks.some((h) => /soft, not tangled/.test(h))).toBe(true);
  });

  it('writes a claim that carries a number as a claim, not as a headline number', async () => {
    const hooks = await hooksOf(POUR_OVER);
    // "Okay but uses standard #2 filters…?" put a verb phrase where a number belongs.
    expect(hooks.filter((h) => /^Okay but (?:uses|brews|fits|collapses)\b/.test(h))).toEqual([]);
    expect(hooks.some((h) => /uses standard #2 filters/.test(h))).toBe(true);
  });

  it('names a product by what it is when its name is a brand and an edition', () => {
    const bands = extractFacts(BANDS);
    expect(bands.item).toBe('set of resistance bands');
    expect(extractFacts(BACKPACK).item).toBe('travel backpack');
  });

  it('runs a tone opener on into the hook in lower case, names and numbers kept', () => {
    expect(withOpener('Okay, obsessed:', 'Guess how much this pillowcase costs')).toBe(
      'Okay, obsessed: guess how much this pillowcase costs',
    );
    expect(withOpener('Hot take:', 'I almost returned it')).toBe('Hot take: I almost returned it');
    expect(withOpener('Hot take:', 'Lumi is the one', 'Lumi Silk Pillowcase')).toBe(
      'Hot take: Lumi is the one',
    );
    expect(withOpener('Okay, obsessed:', 'POV: you found it')).toBeNull();
    expect(withOpener('Okay, obsessed:', 'Okay but why is it so good?')).toBeNull();
  });
});
