import { describe, expect, it } from 'vitest';
import { createLocalWriter } from '../../adapters/ai/local-writer';
import { createAiService } from '../ai';
import { writePlan } from './campaign-plan';

// Issue 27 (docs/decisions/121): a campaign's eight captions said "Spring pick: the …" each, and
// an item whose hook was too long for a slide got a caption opening on another hook.
const PILLOWCASE = {
  name: 'Lumi Silk Pillowcase',
  description:
    '22 momme mulberry silk pillowcase that reduces frizz and bedhead for curly and wavy hair. Your curls stay defined overnight and wake up soft, not tangled. Hidden zipper closure.',
  price: '$29',
};

describe('campaign plan captions', () => {
  it("says a campaign's occasion a different way in each item", async () => {
    const ai = createAiService(createLocalWriter());
    const brief = await ai.analyzeProduct(PILLOWCASE);
    const items = await writePlan(
      { ai, listCollections: async () => [], collectionImages: async () => [] },
      {
        product: PILLOWCASE,
        brief,
        productPhotos: [],
        goal: 'Spring sale, playful',
        usedHooks: [],
        slotIndexes: [0, 1, 2, 3, 4, 5, 6, 7],
      },
    );
    const spring = items.map((item) => item.caption.match(/[^.?!]*\bspring\b[^.?!]*[.?!]/i)?.[0]);
    expect(spring.every(Boolean), spring.join('\n')).toBe(true);
    expect(new Set(spring).size, spring.join('\n')).toBe(items.length);
    // Each caption opens with its item's own hook (a hook too long for a slide included).
    for (const item of items) {
      expect(item.caption.toLowerCase()).toContain(item.hook.toLowerCase().replace(/[.…]+$/, ''));
    }
  });
});
