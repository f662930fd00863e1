import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TEntitlements } from '#contract/entitlements';
import { HOOK_MAX_FRAME_SHARE, HOOK_MAX_LINES } from '#contract/hook-demo';
import {
  outputFrame,
  RENDER_PROGRESS,
  ZRenderEdit,
  type TRenderEdit,
  type TRenderSource,
  type TRenderStatus,
} from '#contract/render';
import { measureTextBlock, textStyleOf } from '../../adapters/render/overlay-raster';
import { RenderProviderError, type RenderAdapter } from '../../adapters/render/render-adapter';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { FfmpegError, VideoProbeError } from '../../media/canonical-video';
import { EXTENSION, MediaInputError, sniffBytes } from '../../media/media-input';
import { makeWorkDir } from '../../media/work-dirs';
import { releaseUsage, type UsageService } from '../usage';
import {
  claimRender,
  completeRender,
  countUnfinished,
  extendLease,
  failRender,
  findOwnRender,
  findOwnRenderByKey,
  findRender,
  findRenderByCallbackToken,
  findStrandedRenders,
  insertRender,
  releaseLease,
  setProgress,
  setProviderId,
  type RenderRow,
} from './render-repo';
import { renderOutputKey, renderOutputUrl } from './render-urls';

/**
 * docs/product/hook-demo.md rule 7: the editor gives up after 10 minutes; a render is stopped then
 * too.
 */
export const RENDER_TIME_LIMIT_MS = 10 * 60_000;
/** Runs of one render before it is failed for good (crashes and retries included). */
export const RENDER_MAX_ATTEMPTS = 3;
/** docs/product/hook-demo.md rule 7: status every 5 s. */
export const SHOTSTACK_POLL_SECONDS = 5;

type TBlockReason = NonNullable<TEntitlements['reason']>;

export type RenderLog = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

export type RenderDeps = {
  db: Database;
  storage: Storage;
  renderer: RenderAdapter;
  /** Own media straight from storage, anything else through the SSRF guard (size and time limits). */
  readMedia: (url: string, accept: string[]) => Promise<{ body: Buffer; contentType: string }>;
  appUrl: string;
  secret: string;
  usage: {
    reserve: UsageService['reserve'];
    recordUsage: (
      userId: string,
      kind: 'video',
      key: string,
    ) => Promise<{ allowed: boolean; counted: boolean }>;
  };
  enqueue: {
    render: (renderId: string) => Promise<void>;
    /** `chain: false` for a one-off check (a webhook) that does not schedule the next. */
    poll: (renderId: string, afterSeconds: number, options?: { chain?: boolean }) => Promise<void>;
  };
  log: RenderLog;
  now?: () => Date;
  timeLimitMs?: number;
  /**
   * How long a worker holds a render between heartbeats (a third of it); a dead worker's render
   * is free after it. RENDER_LEASE_MS, 30 s by default (decision 210).
   */
  leaseMs: number;
};

export type RenderView = {
  id: string;
  status: TRenderStatus;
  progress: number;
  error: string | null;
  url: string | null;
  environment: RenderRow['environment'];
  createdAt: string;
  updatedAt: string;
};

const BLOCK_MESSAGES: Record<TBlockReason, string> = {
  limit: "You've used all the Videos/Photos your plan includes this period.",
  no_plan: 'Generating needs a paid plan.',
  payment_issue: "Your last payment didn't go through. Update your payment method in Settings.",
};

/** The render's key in the usage ledger: its reservation, then its usage. */
const usageKey = (renderId: string) => `render:${renderId}`;

/** A failure that trying again cannot fix: the render is failed at once (and never charged). */
class RenderFailure extends Error {}

/** The text the queue panel shows for a render: its hook, or what it is. */
const promptOf = (edit: TRenderEdit) => {
  for (const track of edit.timeline.tracks) {
    for (const clip of track.clips) {
      if (clip.asset.type === 'text') return clip.asset.text.slice(0, 200);
      if (clip.asset.type === 'html') {
        const text = clip.asset.html
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim();
        if (text) return text.slice(0, 200);
      }
    }
  }
  return 'Hook + Demo';
};

/**
 * Decision 133: a text that would be drawn as a wall over the video is refused before anything
 * starts, with a sentence; the editor shrinks a long hook within these limits first.
 */
const refuseIllegibleText = (edit: TRenderEdit) => {
  const frameHeight = outputFrame(edit.output).height;
  edit.timeline.tracks.forEach((track, t) =>
    track.clips.forEach((clip, c) => {
      if (clip.asset.type !== 'text' && clip.asset.type !== 'html') return;
      const style = textStyleOf(clip.asset);
      const block = measureTextBlock(style);
      const height = block.height * (clip.scale ?? 1);
      if (block.lines <= HOOK_MAX_LINES && height <= HOOK_MAX_FRAME_SHARE * frameHeight + 0.5) {
        return;
      }
      throw new AppError(
        'text_too_long',
        `The text "${style.text.slice(0, 40)}${style.text.length > 40 ? '…' : ''}" is too long to show legibly: at this size it needs ${block.lines} lines, and at most ${HOOK_MAX_LINES} lines covering at most ${Math.round(HOOK_MAX_FRAME_SHARE * 100)}% of the frame can be shown. Shorten it or make it smaller.`,
        { field: `timeline.tracks.${t}.clips.${c}.asset` },
      );
    }),
  );
};

/** Short words for a failure a user sees; the details go to the log. */
const describeFailure = (error: unknown): string => {
  if (error instanceof AppError) return `Could not fetch a clip: ${error.message}`;
  if (error instanceof MediaInputError) return `${error.message}, so it was not used`;
  if (error instanceof VideoProbeError) return 'A clip is not a video or image ffmpeg can read';
  if (error instanceof FfmpegError) return 'Video rendering failed';
  if (error instanceof RenderProviderError) return error.message;
  if (error instanceof RenderFailure) return error.message;
  return 'Video rendering failed';
};

export const createRenderService = (deps: RenderDeps) => {
  const { db, storage, renderer, log } = deps;
  const now = deps.now ?? (() => new Date());
  const timeLimitMs = deps.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const { leaseMs } = deps;

  const view = (row: RenderRow): RenderView => ({
    id: row.id,
    status: row.status,
    progress: row.progress,
    error: row.error,
    url: row.status === 'done' ? renderOutputUrl(deps.appUrl, deps.secret, row.id) : null,
    environment: row.environment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const absolute = (src: string) => (src.startsWith('/') ? `${deps.appUrl}${src}` : src);

  /** Counts the render and marks it done, in that order: a crash between the two repeats neither. */
  const finish = async (row: RenderRow, outputKey: string, durationMs: number) => {
    const usage = await deps.usage.recordUsage(row.userId, 'video', usageKey(row.id));
    if (!usage.allowed) {
      await storage.delete(outputKey);
      await failRender(
        db,
        row.id,
        'Your plan has no videos left this period, so the render was not delivered. Nothing was charged.',
        now(),
      );
      return;
    }
    if (await completeRender(db, row.id, { outputKey, durationMs, now: now() })) {
      log('info', 'render done', { renderId: row.id, counted: usage.counted });
    }
  };

  const fail = async (row: RenderRow, error: unknown) => {
    const message = describeFailure(error);
    log('warn', 'render failed', { renderId: row.id, err: error, message });
    // Failed and its unit given back together: never one without the other.
    await db.transaction(async (tx) => {
      if (await failRender(tx, row.id, message, now())) {
        await releaseUsage(tx, row.userId, usageKey(row.id));
      }
    });
  };

  /** Fetches every picture, clip and soundtrack the edit names into `dir`: own media or guarded public URLs. */
  const fetchInputs = async (edit: TRenderEdit, dir: string) => {
    const files = new Map<string, string>();
    let n = 0;
    const wanted: { src: string; family: 'video' | 'image' | 'audio' }[] = [];
    for (const track of edit.timeline.tracks) {
      for (const clip of track.clips) {
        const asset = clip.asset;
        if (asset.type === 'video' || asset.type === 'image') {
          wanted.push({ src: asset.src, family: asset.type });
        }
      }
    }
    if (edit.timeline.soundtrack)
      wanted.push({ src: edit.timeline.soundtrack.src, family: 'audio' });
    for (const { src, family } of wanted) {
      if (files.has(src)) continue;
      const media = await deps.readMedia(
        absolute(src),
        family === 'video'
          ? ['video/', 'application/octet-stream']
          : family === 'audio'
            ? ['audio/', 'application/octet-stream']
            : ['image/'],
      );
      // By its bytes, not its address or declared type: a playlist or a list of other files
      // served as "video/mp4" is refused here, before ffmpeg could follow it (decision 070).
      const kind = await sniffBytes(
        media.body,
        family,
        family === 'video' ? 'A video clip' : family === 'audio' ? 'The soundtrack' : 'A picture',
      );
      const file = path.join(dir, `input-${n++}${EXTENSION[kind]}`);
      await writeFile(file, media.body);
      files.set(src, file);
    }
    return files;
  };

  /**
   * One run: the renderer makes the video here (stored under the render's own key, so a second
   * run after a crash overwrites, never adds) or hands it to a service, whose id is kept so a
   * rerun only polls (decision 034).
   */
  const start = async (row: RenderRow, signal: AbortSignal) => {
    if (row.providerId) return deps.enqueue.poll(row.id, 0);
    const edit = ZRenderEdit.parse(row.edit);
    const dir = await makeWorkDir('render');
    try {
      const started = await renderer.start({
        edit,
        workDir: dir,
        signal,
        fetchInputs: () => fetchInputs(edit, dir),
        progress: (status) => setProgress(db, row.id, status, RENDER_PROGRESS[status], now()),
        absolute,
        storeOverlay: async (index, png) => {
          const key = `users/${row.userId}/renders/${row.id}-overlay-${index}.png`;
          await storage.put(key, png, 'image/png');
          return storage.signedUrl(key, 24 * 60 * 60);
        },
        callbackUrl: `${deps.appUrl}/api/shotstack/webhook/${row.callbackToken}`,
      });
      if ('providerId' in started) {
        await setProviderId(db, row.id, started.providerId, now());
        await setProgress(db, row.id, 'queued', RENDER_PROGRESS.queued, now());
        await deps.enqueue.poll(row.id, SHOTSTACK_POLL_SECONDS);
        return;
      }
      await setProgress(db, row.id, 'saving', RENDER_PROGRESS.saving, now());
      const key = renderOutputKey(row.userId, row.id);
      await storage.put(key, await readFile(started.file), 'video/mp4');
      await finish(row, key, Math.round(started.durationSec * 1000));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  const service = {
    environment: renderer.environment,

    /**
     * Starts a render: the same idempotency key returns the same render; otherwise the plan must
     * allow generating, with quota left beyond the renders already in flight (each may still be
     * charged), before anything is stored or started.
     */
    submit: async (
      userId: string,
      input: TRenderEdit,
      { source, idempotencyKey }: { source: TRenderSource; idempotencyKey?: string },
    ): Promise<{ id: string; status: TRenderStatus }> => {
      const edit = ZRenderEdit.parse(input);
      refuseIllegibleText(edit);
      if (idempotencyKey) {
        const existing = await findOwnRenderByKey(db, userId, idempotencyKey);
        if (existing) return { id: existing.id, status: existing.status };
      }
      const id = randomUUID();
      // The unit is held in the usage ledger before anything starts, under the user's lock, so
      // parallel submits take the quota one at a time and a refused one starts nothing
      // (decision 072). A failed render gives it back; a finished one keeps it, counted once.
      const row = await deps.usage.reserve(userId, async (tx, hold) => {
        if (idempotencyKey) {
          // A submit with the same key may have won while this one waited for the lock.
          const existing = await findOwnRenderByKey(tx, userId, idempotencyKey);
          if (existing) return existing;
        }
        const refusal = await hold('video', usageKey(id));
        if (refusal === 'limit' && (await countUnfinished(tx, userId)) > 0) {
          throw new AppError(
            'limit',
            'Your remaining videos are all being rendered. Wait for them to finish or upgrade.',
          );
        }
        if (refusal) throw new AppError(refusal, BLOCK_MESSAGES[refusal]);
        return insertRender(tx, {
          id,
          userId,
          source,
          idempotencyKey: idempotencyKey ?? null,
          edit,
          prompt: promptOf(edit),
          environment: renderer.environment,
          status: 'queued',
          progress: RENDER_PROGRESS.queued,
          callbackToken: randomBytes(24).toString('base64url'),
          createdAt: now(),
          updatedAt: now(),
        });
      });
      if (row.attempts === 0 && row.status === 'queued') await deps.enqueue.render(row.id);
      return { id: row.id, status: row.status };
    },

    /** The owner's render; another user's id is the same 404 as an unknown one. */
    get: async (userId: string, id: string): Promise<RenderView> => {
      const row = await findOwnRender(db, userId, id);
      if (!row) throw notFound('Render not found');
      return view(row);
    },

    /**
     * The render job: takes the render, makes it here or sends it to Shotstack. `stop` is the
     * job's signal: when the process stops, the encode ends, the lease is let go and the job's
     * own error goes up, so the job is handed back and the next start renders it again.
     */
    run: async (renderId: string, stop?: AbortSignal) => {
      const claimed = await claimRender(db, renderId, new Date(now().getTime() + leaseMs), now());
      if (!claimed) return;
      if (claimed.attempts > RENDER_MAX_ATTEMPTS) {
        await fail(
          claimed,
          new RenderFailure(`Video rendering failed after ${RENDER_MAX_ATTEMPTS} attempts`),
        );
        return;
      }
      const controller = new AbortController();
      const limit = setTimeout(() => controller.abort(new RenderFailure('timeout')), timeLimitMs);
      const onStop = () => controller.abort(stop?.reason);
      stop?.addEventListener('abort', onStop, { once: true });
      const heartbeat = setInterval(() => {
        void extendLease(db, renderId, claimed.attempts, new Date(now().getTime() + leaseMs))
          .then((held) => {
            if (!held) controller.abort(new RenderFailure('lease lost'));
          })
          .catch((error: unknown) =>
            log('warn', 'render lease not extended', { renderId, err: error }),
          );
      }, leaseMs / 3);
      try {
        await start(claimed, controller.signal);
      } catch (error) {
        if (stop?.aborted) {
          await releaseLease(db, renderId, claimed.attempts);
          throw stop.reason;
        }
        if (controller.signal.aborted) {
          const reason = (controller.signal.reason as Error | undefined)?.message;
          if (reason === 'lease lost') return;
          await fail(
            claimed,
            new RenderFailure('Video rendering took longer than 10 minutes and was stopped'),
          );
          return;
        }
        const transient =
          (error instanceof RenderProviderError && !error.permanent) ||
          !(
            error instanceof AppError ||
            error instanceof FfmpegError ||
            error instanceof VideoProbeError ||
            error instanceof MediaInputError ||
            error instanceof RenderProviderError ||
            error instanceof RenderFailure ||
            (error instanceof Error && error.name === 'ZodError')
          );
        if (transient && claimed.attempts < RENDER_MAX_ATTEMPTS) {
          // pg-boss tries again after its backoff; the lease is let go for that run.
          await releaseLease(db, renderId, claimed.attempts);
          throw error;
        }
        await fail(claimed, error);
      } finally {
        clearTimeout(limit);
        clearInterval(heartbeat);
        stop?.removeEventListener('abort', onStop);
      }
    },

    /** Shotstack's status, read on a schedule and whenever its webhook calls (never trusted). */
    poll: async (renderId: string, { chain = true }: { chain?: boolean } = {}) => {
      const status = renderer.status;
      if (!status) return;
      const next = () => (chain ? deps.enqueue.poll(renderId, SHOTSTACK_POLL_SECONDS) : undefined);
      const row = await findRender(db, renderId);
      if (!row || row.status === 'done' || row.status === 'failed' || !row.providerId) return;
      let answer;
      try {
        answer = await status(row.providerId);
      } catch (error) {
        if (error instanceof RenderProviderError && error.permanent) return fail(row, error);
        log('warn', 'shotstack status failed; trying again', { renderId, err: error });
        return next();
      }
      if (answer.status === 'failed') {
        return fail(
          row,
          new RenderFailure(
            answer.error ? `Video rendering failed: ${answer.error}` : 'Video rendering failed',
          ),
        );
      }
      if (answer.status === 'done' && answer.url) {
        await setProgress(db, renderId, 'saving', RENDER_PROGRESS.saving, now());
        const media = await deps.readMedia(answer.url, ['video/', 'application/octet-stream']);
        const key = renderOutputKey(row.userId, row.id);
        await storage.put(key, media.body, 'video/mp4');
        return finish(row, key, 0);
      }
      if (now().getTime() - row.createdAt.getTime() > timeLimitMs) {
        return fail(
          row,
          new RenderFailure('Video rendering took longer than 10 minutes and was stopped'),
        );
      }
      if (answer.status !== 'done') {
        await setProgress(db, renderId, answer.status, RENDER_PROGRESS[answer.status], now());
      }
      return next();
    },

    /** Shotstack's callback: the token finds the render; its status is read again from Shotstack. */
    onCallback: async (token: string) => {
      const row = await findRenderByCallbackToken(db, token);
      if (!row) return;
      await deps.enqueue.poll(row.id, 0, { chain: false });
    },

    /** Renders whose job was lost (a crash, a dropped poll) are sent again; claims stop doubles. */
    reconcile: async () => {
      const at = now().getTime();
      const stranded = await findStrandedRenders(db, {
        before: new Date(at - leaseMs),
        queuedBefore: new Date(at - 2 * 60_000),
        now: now(),
      });
      for (const { id } of stranded) {
        const row = await findRender(db, id);
        if (!row) continue;
        if (row.providerId) await deps.enqueue.poll(id, 0);
        else await deps.enqueue.render(id);
      }
      if (stranded.length) log('info', 'renders resumed', { count: stranded.length });
      return stranded.length;
    },
  };
  return service;
};

export type RenderService = ReturnType<typeof createRenderService>;
