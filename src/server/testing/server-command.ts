import { SERVER_BUNDLE } from '../../../scripts/server-bundle';

/**
 * How a test starts the real server (`main.ts`) as a process of its own: Node and the bundle
 * `npm start` runs (decision 249), which the server projects' global set-up makes from this run's
 * sources. `node` itself, not npm, so that a signal sent to the child reaches the server.
 */
export const serverCommand = (...args: string[]): [string, string[]] => [
  process.execPath,
  ['--enable-source-maps', SERVER_BUNDLE, ...args],
];
