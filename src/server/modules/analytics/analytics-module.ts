import { AI_HOOK_MAX_CHARS } from '#contract/ai';
import type { TikTokApi } from '../../adapters/tiktok/tiktok-api';
import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { AiActions } from '../ai';
import { listPremadeCharacters } from '../characters';
import type { DraftsService } from '../drafts';
import type { RenderModuleApi } from '../render';
import { TEMPLATE_CATALOGUE } from '../templates';
import type { TikTokAccounts } from '../tiktok';
import { renderActivity } from './analytics-activity';
import { analyticsJobs } from './analytics-jobs';
import { registerAnalyticsRoutes } from './analytics-routes';
import { createAnalyticsService } from './analytics-service';
import type { AnalyticsSyncDeps } from './analytics-sync';

/** Analytics (decisions 044–046): TikTok's counts synced hourly, read with what made each post. */
export const createAnalyticsModule = (
  { db, jobs, authenticate, log }: ModuleCore,
  deps: {
    /** The TikTok client analytics reads with (tests hand in a scripted one). */
    tiktokApi: TikTokApi;
    tiktok: Uses<Pick<TikTokAccounts, 'callWithToken'>>;
    products: Uses<{
      products: { list: (userId: string) => Promise<{ id: string; name: string }[]> };
    }>;
    render: Uses<Pick<RenderModuleApi, 'queueItems'>>;
    drafts: Uses<DraftsService>;
    aiActions: Uses<Pick<AiActions, 'generateVideoHook'>>;
  },
) => {
  const sync: AnalyticsSyncDeps = {
    db,
    tiktok: deps.tiktokApi,
    callWithToken: deps.tiktok.api.callWithToken,
    log: (level, message, extra = {}) => log[level](extra, message),
  };
  const analytics = createAnalyticsService({
    db,
    names: {
      products: async (userId) =>
        new Map((await deps.products.api.products.list(userId)).map((p) => [p.id, p.name])),
      character: async (id) => listPremadeCharacters().find((c) => c.id === id)?.name ?? null,
      template: async (id) => TEMPLATE_CATALOGUE.find((t) => t.id === id)?.name ?? null,
    },
    moreActivity: async (userId, since) =>
      renderActivity(await deps.render.api.queueItems.list(userId), since),
    drafts: deps.drafts.api,
    freshHooks: async (userId, productId, exclude) =>
      (
        await deps.aiActions.api.generateVideoHook(userId, {
          productId,
          constraints: { maxChars: AI_HOOK_MAX_CHARS, exclude },
        })
      ).hooks,
    sync,
  });
  return defineModule({
    name: 'analytics',
    dependencies: ['tiktok', 'products', 'render', 'drafts', 'ai-actions'],
    routes: (app) => registerAnalyticsRoutes(app, { analytics, authenticate }),
    jobs: analyticsJobs({ db, sync, queue: jobs }),
    api: analytics,
  });
};
