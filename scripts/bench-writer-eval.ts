/**
 * `npm run eval:writer`: the writer evaluation of issue 27 on the held-out part of the labelled
 * descriptions (and, with `--tuning` or `--all`, the tuning part), with every failure listed.
 * Also prints the older category check of `product-facts/labelled-products.json`.
 */
import { pathToFileURL } from 'node:url';
import { createLocalWriter } from '../src/server/adapters/ai/local-writer';
import { descriptionsOf } from '../src/server/adapters/ai/local-writer/eval/labelled-set';
import type { SetPart } from '../src/server/adapters/ai/local-writer/eval/labelled-set';
import { evaluateCategories } from '../src/server/adapters/ai/local-writer/labelled-set';
import { describeEval, evaluateWriter } from '../src/server/testing/writer-eval';

export const runWriterEval = (log: (line: string) => void = console.log) => {
  const result = evaluateCategories();
  log(
    `AI local writer categories: ${result.correct}/${result.total} labelled products, accuracy ${(result.accuracy * 100).toFixed(1)}% (target 95%)`,
  );
  if (result.misses.length === 0) log('  misses: none');
  for (const miss of result.misses) {
    log(`  miss: ${miss.name}: labelled ${miss.expected}, read as ${miss.got}`);
  }
  return result;
};

const runPart = async (part: SetPart, verbose: boolean) => {
  const started = performance.now();
  const result = await evaluateWriter(createLocalWriter(), descriptionsOf(part));
  for (const line of describeEval(part, result)) console.log(line);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (!verbose) return;
  for (const f of result.gateFailures)
    console.log(`  gate: ${f.id}: "${f.line}" ${f.problems.join('; ')}`);
  for (const f of result.factsUnused) console.log(`  unused: ${f.id}: ${f.fact}`);
  for (const f of result.factsOverused)
    console.log(`  overused: ${f.id}: ${f.fact} (${f.hooks}/${f.of})`);
  for (const c of result.captionsRepeating) console.log(`  repeats: ${c.id}: ${c.caption}`);
  for (const e of result.campaignEndingsShared)
    console.log(`  ending x${e.items}: ${e.id}: ${e.ending}`);
  for (const t of result.unfilledTemplates) console.log(`  unfilled: ${t.id}: ${t.template}`);
  for (const m of result.steering.misses) console.log(`  steer miss: ${m.id}: ${m.ask}`);
  for (const m of result.tones.misses) console.log(`  tone miss: ${m.id}: ${m.tone}`);
  for (const m of result.category.misses)
    console.log(`  category: ${m.id}: ${m.expected} read as ${m.got}`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runWriterEval();
  const args = process.argv.slice(2);
  const parts: SetPart[] = args.includes('--all')
    ? ['tuning', 'held-out']
    : args.includes('--tuning')
      ? ['tuning']
      : ['held-out'];
  for (const part of parts) await runPart(part, !args.includes('--quiet'));
}
