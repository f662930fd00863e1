import { bundleServer } from '../../../scripts/server-bundle';

/**
 * Vitest's global set-up for the server projects: the tests that start the server as a process
 * of its own run the bundle `npm start` runs (`serverCommand`), made here from the sources of
 * this run, once before any file starts.
 */
export default async function setup() {
  await bundleServer();
}
