import { SERVER_BUNDLE } from '../../../scripts/server-bundle';

/**
 * How a test starts the real server (`main.ts`) as a process of its own: Node and the bundle
 * `npm start` runs (decision 249), which the server projects' global set-up makes from this run's
 * sources. `node` itself, not npm, so that a signal sent to the child reaches the server.
 *
 * `--liftoff-only`: V8 compiles PGlite's WebAssembly with its baseline compiler alone. By default
 * four background threads also recompile its hot functions with the optimising compiler, about
 * 4 CPU-s at each start, which a server that lives for a minute of a test never earns back: the
 * crash and worker-kind tests took 107–109 CPU-s instead of 129–146 on a 2-core machine
 * (decision 250). `npm start` keeps V8's defaults, for a server that runs for days.
 */
export const serverCommand = (...args: string[]): [string, string[]] => [
  process.execPath,
  ['--liftoff-only', '--enable-source-maps', SERVER_BUNDLE, ...args],
];
