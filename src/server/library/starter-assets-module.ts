import { starterAssetsWork } from '../jobs/prepare-starter-assets';
import type { ModuleCore } from '../plugins/server-module';
import { defineModule } from '../plugins/server-module';
import { createStarterAssets } from './starter-assets';

/**
 * What a fresh install lacks (sample videos, the starter library, the pre-made characters), made
 * by its job; `api` is the start-up's question (decision 090).
 */
export const createStarterAssetsModule = ({ config, db, storage, jobs, log }: ModuleCore) => {
  const work = starterAssetsWork(
    createStarterAssets({ db, storage, config, log: (line) => log.info(line) }),
    jobs,
  );
  return defineModule({ name: 'starter-assets', jobs: [work.job], api: work.prepare });
};
