import { describe, expect, it } from 'vitest';
import { createLocalWriter } from '../adapters/ai/local-writer';
import { descriptionsOf } from '../adapters/ai/local-writer/eval/labelled-set';
import type { LabelledDescription } from '../adapters/ai/local-writer/eval/labelled-set';
import { gateFindings } from '../adapters/ai/sentence-gate';
import { describeEval, evaluateWriter } from './writer-eval';

// Issue 27: the goals on both parts of the labelled set, every description of each part (the
// report of `npm run eval:writer -- --all`, docs/decisions/082 and 120).
const expectGoals = async (products: LabelledDescription[], label: string) => {
  const result = await evaluateWriter(createLocalWriter(), products);
  const report = describeEval(label, result).join('\n');
  expect(result.gateFailures, report).toEqual([]);
  expect(result.factsUnused, report).toEqual([]);
  expect(result.factsOverused, report).toEqual([]);
  expect(result.captionsRepeating, report).toEqual([]);
  expect(result.campaignEndingsShared, report).toEqual([]);
  expect(result.unfilledTemplates, report).toEqual([]);
  expect(result.steering.misses, report).toEqual([]);
  expect(result.tones.misses, report).toEqual([]);
  expect(result.category.correct / result.products, report).toBeGreaterThanOrEqual(0.9);
};

describe('the writer against the labelled descriptions (issue 27)', () => {
  it('meets the goals on the tuning part', async () => {
    await expectGoals(descriptionsOf('tuning'), 'tuning');
  }, 600_000);

  it('meets the goals on the held-out part', async () => {
    await expectGoals(descriptionsOf('held-out'), 'held-out');
  }, 600_000);
});

describe('the sentence gate', () => {
  it.each([
    ['480 g with? This backpack is not playing around', 'cut-off'],
    ['40 kg for, no compromises', 'cut-off'],
    ['My workouts before and after the', 'cut-off'],
    ['Everyday pain it removes? Meet the ZestPress citrus juicer', 'placeholder'],
    ['Okay, obsessed: Product? Meet the juicer', 'placeholder'],
    ['Okay, obsessed: The product fixes it?', 'placeholder'],
    ["Stop scrolling if your stick doesn't leave no white cast", 'double-negative'],
    ['Meet the {item}', 'placeholder'],
  ])('turns away "%s" (%s)', (line, problem) => {
    expect(gateFindings(line).map((f) => f.problem)).toContain(problem);
  });

  it('turns away a day count the seller never gave', () => {
    const source = 'GPS collar with live tracking. Battery lasts 7 days.';
    expect(gateFindings('Day 14 of using this GPS collar: honest update', source)).not.toEqual([]);
    expect(gateFindings('Day 7 of using this GPS collar: honest update', source)).toEqual([]);
  });

  it.each([
    'POV: you finally found a citrus juicer that leaves no seeds in your glass',
    'Is this juicer worth it?',
    'The juicer my friends keep asking about',
    "Don't buy a juicer until you watch this",
    'Before: frizz. After: this pillowcase.',
    'Small thing, big difference: the juicer',
    'Things I would buy again: the ZestPress',
  ])('keeps "%s"', (line) => {
    expect(gateFindings(line)).toEqual([]);
  });
});
