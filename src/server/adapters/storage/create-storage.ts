import type { StorageConfig } from '../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export const createStorage = (
  config: StorageConfig,
  opts: { secret: string; appUrl: string },
): Storage =>
  config.kind === 's3'
    ? createS3Storage(config)
    : createDiskStorage({ root: config.root, secret: opts.secret, publicBaseUrl: opts.appUrl });
