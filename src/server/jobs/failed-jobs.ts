import type { SqlExecutor } from '../db/client';

export type FailedJob = {
  id: string;
  data: unknown;
  reason: string | null;
  attempts: number;
  failedAt: Date;
};

type Row = {
  id: string;
  data: unknown;
  output: { message?: unknown } | null;
  retry_count: number;
  completed_on: Date | string;
};

/**
 * Jobs of one type that failed for good, newest first, from pg-boss's live and archive tables
 * (failed jobs move to the archive after a while and are deleted from it after a week).
 * pg-boss 10 has no call that lists jobs by state, so this reads its tables.
 */
export const listFailedJobs = async (
  executor: SqlExecutor,
  name: string,
  limit = 100,
): Promise<FailedJob[]> => {
  // A database the server has never started on has no pg-boss tables yet: nothing has failed.
  const { rows: schema } = await executor.executeSql(
    `SELECT to_regclass('pgboss.archive') IS NOT NULL AS ready`,
    [],
  );
  if (!(schema[0] as { ready: boolean } | undefined)?.ready) return [];
  const { rows } = await executor.executeSql(
    `SELECT id, data, output, retry_count, completed_on FROM (
       SELECT id, data, output, retry_count, completed_on FROM pgboss.job
         WHERE name = $1 AND state = 'failed'
       UNION ALL
       SELECT id, data, output, retry_count, completed_on FROM pgboss.archive
         WHERE name = $1 AND state = 'failed'
     ) failed
     ORDER BY completed_on DESC
     LIMIT $2`,
    [name, limit],
  );
  return (rows as Row[]).map((row) => ({
    id: row.id,
    data: row.data,
    reason: typeof row.output?.message === 'string' ? row.output.message : null,
    attempts: row.retry_count + 1,
    failedAt: new Date(row.completed_on),
  }));
};
