import type { TRenderEnvironment } from '#contract/render';
import type { RenderConfig } from '../../config-adapters';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import type { LocalRenderOptions, LocalRenderResult } from './local-renderer';
import { renderLocally } from './local-renderer';
import type { ShotstackClient } from './shotstack-client';
import { createShotstackClient } from './shotstack-client';

/** The renderer configuration chose: this machine's ffmpeg, or Shotstack (decisions 033, 034). */
export type RenderAdapter =
  | {
      kind: 'local';
      environment: Extract<TRenderEnvironment, 'local'>;
      render: (options: Omit<LocalRenderOptions, 'ffmpeg'>) => Promise<LocalRenderResult>;
    }
  | {
      kind: 'shotstack';
      environment: Exclude<TRenderEnvironment, 'local'>;
      client: ShotstackClient;
    };

export const createRenderAdapter = (config: RenderConfig, ffmpeg: FfmpegSettings): RenderAdapter =>
  config.kind === 'shotstack'
    ? {
        kind: 'shotstack',
        environment: config.env,
        client: createShotstackClient({ apiKey: config.apiKey, baseUrl: config.baseUrl }),
      }
    : {
        kind: 'local',
        environment: 'local',
        render: (options) => renderLocally({ ...options, ffmpeg }),
      };
