import type { TRenderEnvironment, TRenderStatusResponse } from '#contract/render';
import type { RenderPhase } from './render-progress';
import { renderPhase } from './render-progress';

type Status = TRenderStatusResponse['response'];

export type RenderOutcome =
  | { kind: 'done'; url: string }
  | { kind: 'failed'; error: string }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

type WatchOptions = {
  check: () => Promise<Status>;
  env?: TRenderEnvironment | null;
  onPhase: (phase: RenderPhase) => void;
  pollMs: number;
  timeoutMs: number;
  signal: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * docs/product/hook-demo.md rule 7: follows a render until it is done (with its URL) or failed,
 * asking every
 * `pollMs`; gives up watching after `timeoutMs` (the render itself may still finish, and the
 * queue keeps following it). A status call that fails is asked again at the next tick.
 */
export const watchRender = async ({
  check,
  env = null,
  onPhase,
  pollMs,
  timeoutMs,
  signal,
  now = Date.now,
  sleep = abortableSleep,
}: WatchOptions): Promise<RenderOutcome> => {
  const started = now();
  for (;;) {
    if (signal.aborted) return { kind: 'cancelled' };
    let status: Status | null = null;
    try {
      status = await check();
    } catch {
      /* asked again at the next tick */
    }
    if (signal.aborted) return { kind: 'cancelled' };
    if (status) {
      onPhase(renderPhase(status.status, status.url, env));
      if (status.status === 'done' && status.url) return { kind: 'done', url: status.url };
      if (status.status === 'failed') {
        return { kind: 'failed', error: status.error || 'Video rendering failed' };
      }
    }
    if (now() - started + pollMs > timeoutMs) return { kind: 'timeout' };
    await sleep(pollMs, signal);
  }
};
