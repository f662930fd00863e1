import os from 'node:os';
import path from 'node:path';

/**
 * The journeys run on several Playwright workers, each against a server of its own (its own
 * port and embedded database), so no journey shares a server — or the sandbox's clock — with
 * one running at the same time. Worker slot n (Playwright's `parallelIndex`) uses server n.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const BASE_PORT = Number(process.env.E2E_PORT ?? 4317);

// Steps of 10 leave BASE_PORT + 1 to quota.spec.ts's own server.
export const serverPort = (slot: number) => BASE_PORT + 10 * slot;

export const serverUrl = (slot: number) => `http://localhost:${serverPort(slot)}`;

/**
 * A server's data folder, named after the Playwright runner's pid: the config computes it in the
 * runner, and a worker (the runner's child) finds it through its parent's pid.
 */
export const serverDataDir = (slot: number, runnerPid = process.ppid) =>
  path.join(os.tmpdir(), `hookreel-e2e-${runnerPid}-${slot}`);
