import type { ProductFacts } from '../product-facts';
import type { Angle } from './hook-formulas';
import { FORMULAS } from './hook-formulas';
import { createRng } from '../../../seeded-random';

const ANGLES = [...new Set(FORMULAS.map((f) => f.angle))];

/**
 * Every hook the formulas can write for these facts, ordered so the first ones cover different
 * angles (the first hook is what the editor pre-fills), in an order set by the seed.
 */
export const hookCandidates = function* (f: ProductFacts, seed: number, maxChars: number) {
  const rng = createRng(seed);
  const byAngle = new Map<Angle, number[]>();
  FORMULAS.forEach((formula, index) => {
    const list = byAngle.get(formula.angle) ?? [];
    list.push(index);
    byAngle.set(formula.angle, list);
  });
  const angleOrder = rng.shuffle(ANGLES);
  const queues = angleOrder.map((angle) => rng.shuffle(byAngle.get(angle) ?? []));
  const order: number[] = [];
  for (let depth = 0; order.length < FORMULAS.length; depth++) {
    for (const queue of queues) if (queue[depth] !== undefined) order.push(queue[depth]!);
  }
  const offset = Math.floor(rng.next() * 6);
  // Later rounds give each formula another claim, feature or timeframe to work with.
  for (let round = 0; round < 6; round++) {
    for (const index of order) {
      const rendered = FORMULAS[index]!.render(f, offset + round + index);
      const options = (Array.isArray(rendered) ? rendered : [rendered]).filter(
        (x): x is string => typeof x === 'string' && x.length > 0,
      );
      const fitting = options.find((x) => x.length <= maxChars);
      if (fitting) yield fitting;
    }
  }
};
