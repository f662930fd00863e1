import { AppError } from '../../errors';
import { httpProviderError, unreachableProviderError } from '../ai/provider-errors';
import type { LocalHostAllowance } from '../../net/safe-fetch';
import { safeFetch } from '../../net/safe-fetch';
import type { MotionGenerator } from './motion-generator';

export type FalMotionConfig = {
  /** The queue's origin: https://queue.fal.run, or a fake of it in tests. */
  baseUrl: string;
  apiKey: string;
  /** A fal image-to-video model id taking `image_url`, e.g. fal-ai/kling-video/v2.1/standard/image-to-video. */
  model: string;
  /** The whole job: submit, waiting in the queue, generating, fetching the clip. */
  timeoutMs: number;
  /** How often the status is read while the request waits or runs. */
  pollMs?: number;
  /** Tests only: the local fake that serves the finished clip counts as public. */
  allowLocal?: LocalHostAllowance;
};

/** A generated clip of a few seconds is a few MB; anything far larger is not one. */
const MAX_CLIP_BYTES = 100 * 1024 * 1024;

type Submitted = {
  request_id?: unknown;
  status_url?: unknown;
  response_url?: unknown;
  cancel_url?: unknown;
};
type Status = { status?: unknown; error?: unknown };
type Result = { video?: { url?: unknown; content_type?: unknown } };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * fal's queue API (docs.fal.ai, "Queue API"): POST {queue}/{model} answers a request id and its
 * status and result URLs; GET …/requests/{id}/status says IN_QUEUE, IN_PROGRESS or COMPLETED;
 * GET …/requests/{id} is the model's output, for image-to-video models `{ video: { url } }`.
 * The status and result live under the model's owner/app, without a sub-path. The finished
 * clip is fetched through the public-address guard like any outside media. A 429 is ai_busy,
 * other failures ai_unavailable, the deadline ai_timeout and an output without a clip
 * ai_bad_output, as for the other AI adapters (decision 021).
 */
export const createFalMotion = (config: FalMotionConfig): MotionGenerator => {
  const base = config.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const host = new URL(base).host;
  const [owner, app] = config.model.split('/');
  const appRoot = `${base}/${owner}/${app}`;
  const headers = { Authorization: `Key ${config.apiKey}`, 'Content-Type': 'application/json' };
  const seconds = Math.round(config.timeoutMs / 1000);

  /** A URL the queue handed back, used only when it stays on the queue's own origin. */
  const ours = (value: unknown, fallback: string) =>
    typeof value === 'string' && URL.canParse(value) && new URL(value).origin === origin
      ? value
      : fallback;

  const call = async (url: string, init: RequestInit, signal: AbortSignal) => {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw unreachableProviderError('video model', host);
    }
    const failed = httpProviderError(response, 'video model', host);
    if (failed) throw failed;
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new AppError('ai_bad_output', 'The video model answered something that is not JSON');
    }
  };

  return {
    describe: `character motion: fal queue model ${config.model} at ${host} (timeout ${seconds} s)`,
    animate: async ({ image, contentType, prompt, signal: outer }) => {
      const deadline = AbortSignal.timeout(config.timeoutMs);
      const signal = outer ? AbortSignal.any([deadline, outer]) : deadline;
      let cancelUrl: string | null = null;
      try {
        const submitted = (await call(
          `${base}/${config.model}`,
          {
            method: 'POST',
            body: JSON.stringify({
              prompt,
              // A data URI: the still need not be published anywhere for the model to read it.
              image_url: `data:${contentType};base64,${image.toString('base64')}`,
            }),
          },
          signal,
        )) as Submitted;
        if (typeof submitted.request_id !== 'string' || !submitted.request_id) {
          throw new AppError('ai_bad_output', 'The video model did not queue the request');
        }
        const id = encodeURIComponent(submitted.request_id);
        const statusUrl = ours(submitted.status_url, `${appRoot}/requests/${id}/status`);
        const resultUrl = ours(submitted.response_url, `${appRoot}/requests/${id}`);
        cancelUrl = ours(submitted.cancel_url, `${appRoot}/requests/${id}/cancel`);

        for (;;) {
          const status = (await call(statusUrl, { method: 'GET' }, signal)) as Status;
          if (status.status === 'COMPLETED') {
            if (status.error) {
              throw new AppError('ai_bad_output', 'The video model could not make a clip');
            }
            break;
          }
          if (status.status !== 'IN_QUEUE' && status.status !== 'IN_PROGRESS') {
            throw new AppError('ai_bad_output', 'The video model could not make a clip');
          }
          await sleep(config.pollMs ?? 2000, signal);
        }
        cancelUrl = null;
        const result = (await call(resultUrl, { method: 'GET' }, signal)) as Result;
        const url = result.video?.url;
        if (typeof url !== 'string' || !URL.canParse(url)) {
          throw new AppError('ai_bad_output', 'The video model returned no clip');
        }
        const clip = await safeFetch(url, {
          maxBytes: MAX_CLIP_BYTES,
          timeoutMs: Math.max(1000, config.timeoutMs),
          accept: ['video/', 'application/octet-stream'],
          signal,
          ...(config.allowLocal ? { allowLocal: config.allowLocal } : {}),
        });
        if (clip.status !== 200 || clip.body.length === 0) {
          throw new AppError('ai_bad_output', 'The video model’s clip could not be fetched');
        }
        return { body: clip.body, contentType: 'video/mp4' };
      } catch (error) {
        if (deadline.aborted) {
          throw new AppError('ai_timeout', `The video model did not finish within ${seconds} s`);
        }
        throw error;
      } finally {
        // Given up before it finished (deadline, shutdown): free the queue slot, best effort.
        if (cancelUrl && signal.aborted) {
          void fetch(cancelUrl, {
            method: 'PUT',
            headers,
            signal: AbortSignal.timeout(5000),
          }).catch(() => undefined);
        }
      }
    },
  };
};
