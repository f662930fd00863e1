import type { FastifyPluginAsync } from 'fastify';
import type { TRenderEdit, TRenderEnvironment, TRenderStatus } from '#contract/render';
import type { RenderConfig } from '../../config-adapters';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { renderLocally } from './local-renderer';
import { createShotstackClient } from './shotstack-client';
import { toShotstackEdit } from './shotstack-edit';
import { shotstackWebhookRoutes } from './shotstack-webhook-routes';

export { RenderProviderError } from './render-provider-error';

/** What a renderer needs from the render service for one run of one render. */
export type RenderWork = {
  edit: TRenderEdit;
  /** An empty folder of this run; the service removes it afterwards. */
  workDir: string;
  signal: AbortSignal;
  /** Fetches the edit's media into `workDir` (own media or guarded public URLs), by `src`. */
  fetchInputs: () => Promise<ReadonlyMap<string, string>>;
  /** Reports progress while it works here. */
  progress: (status: 'fetching' | 'rendering') => Promise<void>;
  /** A path of this site as a URL another service can fetch. */
  absolute: (src: string) => string;
  /** Stores a picture drawn for the render; returns a URL another service can fetch for a day. */
  storeOverlay: (index: number, png: Buffer) => Promise<string>;
  /** Where a service that renders elsewhere announces the end (re-checked, never trusted). */
  callbackUrl: string;
};

/** A render made here (a file in the work folder), or handed to a service to be polled by id. */
export type RenderStarted = { file: string; durationSec: number } | { providerId: string };

export type ProviderStatus = { status: TRenderStatus; url: string | null; error: string | null };

/**
 * The renderer configuration chose, as capabilities: the service never asks which it is
 * (issue 25, decision 161). `status` and `callbackRoutes` exist only for renderers that finish
 * elsewhere.
 */
export type RenderAdapter = {
  environment: TRenderEnvironment;
  start: (work: RenderWork) => Promise<RenderStarted>;
  status?: (providerId: string) => Promise<ProviderStatus>;
  /**
   * The route where such a renderer announces the end, acting through `onCallback` (the render
   * service's): the render module mounts it, so nothing is bound late (decision 150).
   */
  callbackRoutes?: (onCallback: (token: string) => Promise<void>) => FastifyPluginAsync;
};

export const createRenderAdapter = (
  config: RenderConfig,
  ffmpeg: FfmpegSettings,
  { logError }: { logError: (error: unknown, message: string) => void },
): RenderAdapter => {
  if (config.kind === 'shotstack') {
    const client = createShotstackClient({ apiKey: config.apiKey, baseUrl: config.baseUrl });
    return {
      environment: config.env,
      start: async (work) => {
        const prepared = await toShotstackEdit(work.edit, work);
        return { providerId: await client.submit({ ...prepared, callback: work.callbackUrl }) };
      },
      status: (providerId) => client.status(providerId),
      callbackRoutes: (onCallback) => async (app) => {
        await app.register(shotstackWebhookRoutes, { onCallback, logError });
      },
    };
  }
  return {
    environment: 'local',
    start: async (work) => {
      await work.progress('fetching');
      const files = await work.fetchInputs();
      work.signal.throwIfAborted();
      await work.progress('rendering');
      const result = await renderLocally({
        edit: work.edit,
        files,
        workDir: work.workDir,
        signal: work.signal,
        ffmpeg,
      });
      return { file: result.file, durationSec: result.durationSec };
    },
  };
};
