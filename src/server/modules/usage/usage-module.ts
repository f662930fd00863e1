import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { createUsageService } from './usage-service';

/** The usage ledger other features count generations with (`recordUsage`); no routes. */
export const createUsageModule = (
  { db }: ModuleCore,
  { billing }: { billing: Uses<{ billing: { settleUser: (userId: string) => Promise<void> } }> },
) =>
  defineModule({
    name: 'usage',
    dependencies: ['billing'],
    api: createUsageService(db, { settle: billing.api.billing.settleUser }),
  });
