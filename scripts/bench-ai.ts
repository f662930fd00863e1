/**
 * `npx tsx scripts/bench-ai.ts`: how long the local AI writer takes to write a product's brief
 * (at least 20 hooks) and 10 video hooks, against the landing page's "10 hooks instantly",
 * taken as 300 ms. Median of 20 runs per product; prints figures and ratios, asserts nothing.
 * `runAiBench` is exported so `scripts/bench.ts` can print the same lines.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createLocalWriter } from '../src/server/adapters/ai/local-writer';
import { SAMPLE_PRODUCTS } from '../src/server/testing/sample-products';
import { createAiService } from '../src/server/modules/ai';

const RUNS = 20;
const TARGET_MS = 300;

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

const figure = (ms: number) => `${ms.toFixed(2)} ms (${(ms / TARGET_MS).toFixed(4)}× the target)`;

export const runAiBench = async (log: (line: string) => void = console.log) => {
  const service = createAiService(createLocalWriter());
  log(`AI local writer: median of ${RUNS} runs, target ${TARGET_MS} ms`);
  for (const [key, product] of Object.entries(SAMPLE_PRODUCTS)) {
    const briefTimes: number[] = [];
    const hookTimes: number[] = [];
    let hooks = 0;
    let videoHooks = 0;
    for (let run = 0; run < RUNS; run++) {
      // A different seed per run, so every run writes fresh text.
      const brief = await timed(() => service.analyzeProduct(product, { seed: run }));
      const video = await timed(() => service.generateVideoHook({ product, seed: run }));
      briefTimes.push(brief.ms);
      hookTimes.push(video.ms);
      hooks = Math.min(hooks || Infinity, brief.value.hooks.length);
      videoHooks = Math.min(videoHooks || Infinity, video.value.hooks.length);
    }
    log(`  ${key}: aiBrief with ${hooks} hooks ${figure(median(briefTimes))}`);
    // The first call reads the text with the tagger; later ones reuse what it read.
    log(`  ${key}: first aiBrief, text read afresh ${figure(briefTimes[0]!)}`);
    log(`  ${key}: generate-video-hook, ${videoHooks} hooks ${figure(median(hookTimes))}`);
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runAiBench();
}
