/**
 * `npm run eval:writer` (and a part of `npm run bench`): how well the local writer reads the
 * category of the labelled product descriptions, with every miss listed. The test
 * (local-writer/copy-quality.test.ts) holds it to at least 95%; this prints it.
 */
import { pathToFileURL } from 'node:url';
import { evaluateCategories } from '../src/server/adapters/ai/local-writer/labelled-set';

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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runWriterEval();
}
