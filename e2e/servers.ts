import os from 'node:os';
import path from 'node:path';

/**
 * The journeys run on several Playwright workers, each against a server of its own (its own
 * port and embedded database), so no journey shares a server — or the sandbox's clock — with
 * one running at the same time. Worker slot n (Playwright's `parallelIndex`) uses server n.
 * Three workers on two cores: the journeys wait on their browser, the server and renders for
 * much of their time, so a third keeps the cores busier (decision 212).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
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
