import type { TQueueItem, TQueueStatus } from '#contract/tiktok-posts';
import type { TRenderStatus } from '#contract/render';
import type { Database } from '../../db/client';
import { hideOwnRender, listOwnRenders, type RenderRow } from './render-repo';
import { renderOutputUrl } from './render-urls';

/** docs/product/queue.md rule 2: render status → queue status. */
const QUEUE_STATUS: Record<TRenderStatus, TQueueStatus> = {
  queued: 'in_queue',
  fetching: 'in_progress',
  rendering: 'in_progress',
  saving: 'in_progress',
  done: 'completed',
  failed: 'failed',
};

const SERVICE_NAME: Record<RenderRow['environment'], string> = {
  local: 'the built-in renderer',
  stage: 'Shotstack',
  v1: 'Shotstack',
};

/** docs/product/queue.md rule 5: a render's status texts, as the queue's hint. */
const hint = (row: RenderRow): string => {
  if (row.status === 'failed') return `Failed: ${row.error ?? 'Video rendering failed'}`;
  if (row.status === 'done') return 'Render complete';
  return `Rendering with ${SERVICE_NAME[row.environment]}...`;
};

/** A render as the queue panel shows it: a "product-demo" item following the render's status. */
export const toRenderQueueItem = (
  row: RenderRow,
  { appUrl, secret }: { appUrl: string; secret: string },
): TQueueItem => ({
  id: row.id,
  type: 'product-demo',
  kind: 'video',
  prompt: row.prompt,
  status: QUEUE_STATUS[row.status],
  state: row.status,
  progress: row.progress,
  hint: hint(row),
  publish_id: null,
  tiktok_status: null,
  fail_reason: row.status === 'failed' ? row.error : null,
  share_url: null,
  profile_url: null,
  origin_draft_id: null,
  video_url: row.status === 'done' ? renderOutputUrl(appUrl, secret, row.id) : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The user's renders for GET /api/queue (the publishing route joins them with its posts). */
export const renderQueueItems =
  (db: Database, urls: { appUrl: string; secret: string }) => async (userId: string) =>
    (await listOwnRenders(db, userId)).map((row) => toRenderQueueItem(row, urls));

/** DELETE /api/queue/{id} for a render: off the panel, the video stays. */
export const hideRenderFromQueue = (db: Database) => (userId: string, id: string) =>
  hideOwnRender(db, userId, id, new Date());
