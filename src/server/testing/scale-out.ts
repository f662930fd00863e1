import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TCampaign, TCampaignItem } from '#contract/campaigns';
import { startBalancer } from './balancer';
import { multipart, solidPng } from './multipart';
import { startS3Server } from './s3-server';
import { createScratchDatabase } from './scratch-database';
import { serverClient } from './server-client';
import { serverCommand } from './server-command';
import { connectSandboxAccount, signedInSeller, subscribe } from './server-process-seller';
import { freePort } from './tiktok-sandbox-fixtures';
import { waitFor } from './wait-for';

/** The process kinds of a scaled-out deployment (decision 200, README "Running on several machines"). */
export type ProcessKind = 'api' | 'general' | 'render';

export type ScaleOutProcess = {
  kind: ProcessKind;
  /** The API process's own port (the balancer's upstream); workers listen on none. */
  port: number | null;
  child: ChildProcess;
  /** All it printed (pino's JSON lines), its last 256 kB. */
  output: () => string;
  /**
   * Every line it logged at error level or above, in short, kept whole while the output above
   * rolls over (a process logs each request, so an error in the middle of a bench is gone from
   * the last 256 kB by its end).
   */
  errors: string[];
};

/** A pino line at error level or above, in short: its message, the error's type, code and words. */
export const loggedError = (line: string): string | null => {
  if (!/"level":(50|60)/.test(line)) return null;
  try {
    const entry = JSON.parse(line) as {
      msg?: string;
      err?: {
        type?: string;
        message?: string;
        code?: string;
        stack?: string;
        cause?: { code?: string; message?: string };
      };
    };
    const err = entry.err;
    // A database error reaches the log wrapped by drizzle: its cause holds PostgreSQL's code.
    const cause = err?.cause;
    const said = cause?.message ?? err?.message ?? '';
    return [
      entry.msg ?? '',
      err?.type,
      cause?.code ?? err?.code,
      said.split('\n')[0]!.slice(0, 160),
      // Where in our code it was thrown: the first frame of ours.
      /src\/server\/[^:)]+:\d+/.exec(err?.stack ?? '')?.[0],
    ]
      .filter(Boolean)
      .join(': ');
  } catch {
    return line.slice(0, 200);
  }
};

const READY: Record<ProcessKind, string> = {
  api: 'Hookreel is running',
  general: 'worker: processing jobs',
  render: 'worker: processing jobs',
};

const OUTPUT_KEPT = 256 * 1024;

/**
 * Hookreel scaled out on this machine as issue 28 lays it out: the real server (`main.ts`) in
 * one process per API process, general worker and render worker, on one fresh PostgreSQL database
 * (on the server at `adminUrl`) and one S3 bucket (the s3rver), with a round-robin balancer at
 * APP_URL in front of the API processes. Workers reach the TikTok sandbox and TikTok pulls photos
 * through APP_URL, as they would through the load balancer (the sandbox's own paths go to one API
 * process that stays up, as TikTok would). The first API process starts alone
 * (it applies the migrations), then the rest at once. `close` stops everything and drops the
 * database.
 */
export const startScaleOut = async ({
  adminUrl,
  api = 2,
  general = 2,
  render = 1,
  env: extraEnv = {},
  maxBodyBytes,
  keepDatabase = false,
}: {
  adminUrl: string;
  api?: number;
  general?: number;
  render?: number;
  env?: Record<string, string>;
  /** The balancer's body limit (a proxy's), above which it answers 413 itself. */
  maxBodyBytes?: number;
  /** Leaves the database when closing (the bench's, to look at its queries afterwards). */
  keepDatabase?: boolean;
}) => {
  const scratch = await createScratchDatabase(adminUrl, 'hookreel_scale');
  const s3 = await startS3Server();
  const balancer = await startBalancer({ maxBodyBytes });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-scale-'));
  // What every process shares, as the README lists it; the data folder only for the development
  // outbox, which the tests read for confirmation links (storage is the bucket).
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    APP_URL: balancer.url,
    APP_SECRET: 'scale-out-Qv7rTz2mWk9pLx4nHs6dJc8fBg3yRa5e',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    STARTER_LIBRARY: 'false',
    DATABASE_URL: scratch.url,
    // The test runner's own variable must not reach the servers.
    TEST_DATABASE_URL: '',
    // Every seller signs up and in from this one address.
    AUTH_RATE_LIMIT_MAX: '100000',
    ...s3.env,
    ...extraEnv,
  };
  const processes: ScaleOutProcess[] = [];

  const start = async (kind: ProcessKind) => {
    const port = kind === 'api' ? await freePort() : null;
    const child = spawn(...serverCommand(...(kind === 'api' ? [] : ['--worker'])), {
      env: {
        ...process.env,
        ...env,
        PORT: String(port ?? 0),
        RUN_WORKERS: kind === 'api' ? 'false' : kind,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let partLine = '';
    const errors: string[] = [];
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-OUTPUT_KEPT);
      const lines = (partLine + text).split('\n');
      partLine = lines.pop()!;
      for (const line of lines) {
        const error = loggedError(line);
        if (error) errors.push(error);
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const started: ScaleOutProcess = { kind, port, child, output: () => output, errors };
    processes.push(started);
    await waitFor(`the ${kind} process to start`, 120_000, async () => {
      if (child.exitCode !== null) throw new Error(`a ${kind} process stopped:\n${output}`);
      return output.includes(READY[kind]) ? true : null;
    });
    if (port !== null) balancer.add(port);
    return started;
  };

  const kill = async (target: ScaleOutProcess) => {
    if (target.child.exitCode !== null || target.child.signalCode !== null) return;
    const exited = new Promise((r) => target.child.once('exit', r));
    target.child.kill('SIGKILL');
    await exited;
  };

  const close = async () => {
    for (const p of processes) await kill(p);
    await balancer.close();
    await s3.close();
    if (!keepDatabase) await scratch.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await start('api');
    const kinds: ProcessKind[] = [
      ...Array.from({ length: api - 1 }, () => 'api' as const),
      ...Array.from({ length: general }, () => 'general' as const),
      ...Array.from({ length: render }, () => 'render' as const),
    ];
    await Promise.all(kinds.map(start));
    // The sandbox stands in for TikTok, a service outside the deployment that does not go down
    // with one of our API processes: it is served by the last API process only, the one tests
    // and the bench never kill (`victims` below). A call in flight to a killed process is lost,
    // and for a post init that is by design a failure in words, never a resend (decision 085).
    balancer.pin('/tiktok-sandbox/', processes.filter((p) => p.kind === 'api').at(-1)!.port!);
  } catch (error) {
    await close();
    throw error;
  }

  return {
    appUrl: balancer.url,
    /** Which API process answered each request that went through the balancer. */
    served: balancer.served,
    s3,
    env,
    databaseUrl: scratch.url,
    processes,
    of: (kind: ProcessKind) => processes.filter((p) => p.kind === kind),
    /** The processes to kill mid-dispatch: the first API process and the first general worker. */
    victims: () => [
      processes.find((p) => p.kind === 'api')!,
      processes.find((p) => p.kind === 'general')!,
    ],
    /** Kills a process with SIGKILL (nothing of its own code runs) and waits for it to exit. */
    kill,
    /** Starts one more process of a kind (as a supervisor replaces a dead one); API ones join the balancer. */
    start,
    close,
    ...serverClient(balancer.url),
  };
};

export type ScaleOut = Awaited<ReturnType<typeof startScaleOut>>;

/**
 * A seller made as a newcomer makes themselves, through the public API: signed up and confirmed
 * from the outbox, on the plus plan, a sandbox TikTok account connected, a product and a campaign
 * whose plan holds `items` carousel items, each given `slides` slides (1 unless told; the editor
 * makes 3 to 8) of an uploaded background. The items are not scheduled yet.
 */
export const sellerWithItems = async (
  deployment: ScaleOut,
  { n, items, slides = 1 }: { n: number; items: number; slides?: number },
) => {
  const seller = await signedInSeller(deployment, `scale-${n}`);
  await subscribe(deployment, seller);
  const openId = await connectSandboxAccount(deployment, seller);
  const product = await deployment.ok<{ id: string }>('POST', '/api/products', seller, {
    name: `GlowDrop Serum ${n}`,
    description: 'A lightweight vitamin C serum that brightens dull skin in 2 weeks. $24.',
  });
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  // A week of slots, every 6 hours when many items are wanted (the strategies rotate types).
  const campaign = await deployment.ok<TCampaign>('POST', '/api/campaigns', seller, {
    name: `Scale month ${n}`,
    productId: product.id,
    startDate: day(1),
    endDate: day(7),
    timezone: 'UTC',
    cadenceHours: items > 3 ? 6 : 24,
    scheduleMode: 'interval',
    customDates: [],
    goal: '',
  });
  const plan = await deployment.ok<{ items: TCampaignItem[] }>(
    'POST',
    `/api/campaigns/${campaign.id}/generate-plan`,
    seller,
  );
  const carousels = plan.items.filter((i) => i.type === 'carousel').slice(0, items);
  if (carousels.length < items) {
    throw new Error(`the plan has ${carousels.length} carousels, not ${items}`);
  }
  const { urls } = await deployment.upload<{ urls: string[] }>(
    '/api/carousel-images/upload',
    seller,
    multipart([{ filename: `bg${n}.png`, data: await solidPng(900, 900, '#c2410c') }]),
  );
  for (const item of carousels) {
    await deployment.ok('PATCH', `/api/campaigns/${campaign.id}/items/${item.id}`, seller, {
      carouselPlan: {
        slides: Array.from({ length: slides }, (_, i) => ({
          text: i === 0 ? `Brighter skin, seller ${n}` : `Reason ${i} to glow, seller ${n}`,
          imageUrl: urls[0]!,
        })),
      },
      caption: 'Glow week',
    });
  }
  return { seller, openId, campaignId: campaign.id, itemIds: carousels.map((i) => i.id) };
};

/** Every item of these sellers due at `due` (a PATCH each, as the calendar's dialog sends). */
export const scheduleAll = async (
  deployment: ScaleOut,
  sellers: Awaited<ReturnType<typeof sellerWithItems>>[],
  due: Date,
) => {
  for (const s of sellers) {
    for (const id of s.itemIds) {
      await deployment.ok('PATCH', `/api/campaigns/${s.campaignId}/items/${id}`, s.seller, {
        dateScheduled: due.toISOString(),
      });
    }
  }
};
