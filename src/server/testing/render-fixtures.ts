import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app';
import { renders } from '../db/schema';
import { renderOutputKey, renderOutputUrl } from '../modules/render';

/**
 * A finished render of `userId` as the render job leaves it (a `done` row and its stored mp4),
 * without running a render; returns its id and the stable URL the editor and the queue hand out.
 */
export const seedFinishedRender = async (
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
  userId: string,
  video: Buffer,
) => {
  const id = randomUUID();
  const key = renderOutputKey(userId, id);
  await ctx.storage.put(key, video, 'video/mp4');
  await ctx.db.db.insert(renders).values({
    id,
    userId,
    source: 'editor',
    edit: {},
    prompt: 'A finished render',
    environment: 'local',
    status: 'done',
    progress: 100,
    outputKey: key,
    completedAt: new Date(),
  });
  return { id, url: renderOutputUrl(ctx.config.appUrl, ctx.config.secret, id) };
};
