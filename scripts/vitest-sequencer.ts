import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that run for minutes (measured in CI, decision 146): the crash and shutdown tests,
 * which start a server process and wait on leases and restarts, and the long evaluations and
 * renders. Vitest orders a clean clone's files by size, which puts these one-test files last,
 * where one of them alone can keep the run going for two minutes after everything else is done.
 * Started first, they wait while the other files keep the cores busy.
 */
const LONG_FIRST = [
  /\/server-shutdown\.test\.ts$/,
  /-crash\.test\.ts$/,
  /\/scale-out-journey\.test\.ts$/,
  /\/writer-eval\.test\.ts$/,
  /\/make-sample-videos\.test\.ts$/,
  /\/campaign-sending\.test\.ts$/,
  /\/composition\.test\.ts$/,
];

const rank = (spec: TestSpecification) => {
  const index = LONG_FIRST.findIndex((pattern) => pattern.test(spec.moduleId));
  return index === -1 ? LONG_FIRST.length : index;
};

/** Vitest's own order (its cache of durations where it has one), with the long files first. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, position) => ({ spec, position, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
