import type { MotionConfig } from '../../config';
import type { LocalHostAllowance } from '../../net/safe-fetch';
import { createFalMotion } from './fal-motion';
import type { MotionGenerator } from './motion-generator';

export const createMotionGenerator = (
  config: MotionConfig,
  allowLocal?: LocalHostAllowance,
): MotionGenerator | null =>
  config.kind === 'fal'
    ? createFalMotion({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        timeoutMs: config.timeoutMs,
        ...(allowLocal ? { allowLocal } : {}),
      })
    : null;
