/**
 * The test loop's parts, as the last `npm test` or `.ci/run` on this machine timed them
 * (scripts/ci-times.sh), against CI's 15-minute target (issue 26): the bench does not run CI
 * again, it shows where the last run spent its time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CI_TARGET_SECONDS = 15 * 60;

export const printCiTimes = () => {
  const file =
    process.env.CI_TIMES_FILE ??
    path.join(
      process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
      'hookreel',
      'ci-times.tsv',
    );
  if (!fs.existsSync(file)) {
    console.log('CI parts: no timed run on this machine yet (run npm test or bash .ci/run)');
    return;
  }
  const parts = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([name, seconds, beside]) => ({
      name: name ?? '?',
      seconds: Number(seconds),
      // A part run beside another (the checks beside the journeys, decision 248) adds no time.
      beside: beside === 'beside',
    }));
  const total = parts.reduce((sum, p) => (p.beside ? sum : sum + p.seconds), 0);
  const when = fs.statSync(file).mtime.toISOString();
  console.log(`CI parts, as the last timed run on this machine took them (${when}):`);
  for (const part of parts)
    console.log(
      `  ${part.name.padEnd(40)} ${String(part.seconds).padStart(4)} s${part.beside ? ' (beside, not added)' : ''}`,
    );
  console.log(
    `  ${'all'.padEnd(40)} ${String(total).padStart(4)} s = ${(total / CI_TARGET_SECONDS).toFixed(2)}× the 15-minute target`,
  );
};
