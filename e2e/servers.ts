import os from 'node:os';
import path from 'node:path';

/**
 * The journeys run on several Playwright workers, each against a server of its own (its own
 * port and embedded database), so no journey shares a server — or the sandbox's clock — with
 * one running at the same time. Worker slot n (Playwright's `parallelIndex`) uses server n.
 * One worker per core, at most three: on a 2-core machine whose cores are about half as fast as
 * decision 212's, three browsers alone kept 1.2 cores busy (looping sample videos are decoded in
 * software) and ten journeys ran out of time, a page's load among them (decision 212's
 * amendment). The landing page's examples now play only while in view (decision 251).
 */
export const E2E_WORKERS = Number(
  process.env.E2E_WORKERS ?? Math.min(3, os.availableParallelism()),
);
const BASE_PORT = Number(process.env.E2E_PORT ?? 4317);

// Steps of 5 leave BASE_PORT + 1 to quota.spec.ts's own server and keep three workers' servers
// within 14 ports.
export const serverPort = (slot: number) => BASE_PORT + 5 * slot;

export const serverUrl = (slot: number) => `http://localhost:${serverPort(slot)}`;

/**
 * A server's data folder, named after the Playwright runner's pid: the config computes it in the
 * runner, and a worker (the runner's child) finds it through its parent's pid.
 */
export const serverDataDir = (slot: number, runnerPid = process.ppid) =>
  path.join(os.tmpdir(), `hookreel-e2e-${runnerPid}-${slot}`);
