/**
 * The server test files whose outcome depends on the database: those that reach the test
 * database helpers (`testing/test-app.ts`, `testing/job-test-database.ts`) through their imports,
 * or read TEST_DATABASE_URL themselves. CI's PostgreSQL pass runs only these (decision 092): the
 * others (the writer, ffmpeg, parsers, and the crash tests, whose server process is always on
 * PGlite) would do the same work a second time and learn nothing.
 *
 * `npx tsx scripts/database-tests.ts` prints them, one per line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DATABASE_HELPERS = [
  'src/server/testing/test-app.ts',
  'src/server/testing/job-test-database.ts',
];
// Clears TEST_DATABASE_URL for the server process it starts: naming it does not make a file
// depend on the database.
const PGLITE_ONLY = ['src/server/testing/server-process.ts'];
const ALIASES: Record<string, string> = {
  '#server/': 'src/server/',
  '#contract/': 'src/contract/',
};
const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g;

const walk = (root: string, dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(root, rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });

const resolveImport = (from: string, spec: string, known: Set<string>) => {
  const alias = Object.keys(ALIASES).find((prefix) => spec.startsWith(prefix));
  let base: string;
  if (alias) base = ALIASES[alias] + spec.slice(alias.length);
  else if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  base = base.replace(/\.js$/, '');
  return (
    [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) =>
      known.has(candidate),
    ) ?? null
  );
};

export const databaseTestFiles = (root: string) => {
  const files = ['src', 'scripts'].flatMap((dir) => walk(root, dir));
  const known = new Set(files);
  const source = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
  const imports = new Map(
    files.map((f) => [
      f,
      [...source.get(f)!.matchAll(IMPORT)]
        .map((m) => resolveImport(f, m[1]!, known))
        .filter((x): x is string => x !== null),
    ]),
  );
  // Everything that reaches the database, found by growing the set until no file is added.
  const reaching = new Set(
    files.filter(
      (f) =>
        DATABASE_HELPERS.includes(f) ||
        (!PGLITE_ONLY.includes(f) && source.get(f)!.includes('TEST_DATABASE_URL')),
    ),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const f of files) {
      if (reaching.has(f) || PGLITE_ONLY.includes(f)) continue;
      if (imports.get(f)!.some((dep) => reaching.has(dep))) {
        reaching.add(f);
        grew = true;
      }
    }
  }
  const serverTests = files.filter(
    (f) => /\.test\.ts$/.test(f) && !f.startsWith('src/web/') && !f.startsWith('e2e/'),
  );
  return serverTests.filter((f) => reaching.has(f)).sort();
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  console.log(databaseTestFiles(root).join('\n'));
}
