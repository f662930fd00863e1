import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { findOwnRender, findRender } from './render-repo';
import { RENDER_MEDIA_PREFIX, renderOutputKey, verifyRenderCapability } from './render-urls';

const OUTPUT_PATH = new RegExp(`^${RENDER_MEDIA_PREFIX}([0-9a-f-]{36})\\.mp4$`);

/** The render id a stable output path (`/media/renders/{id}.mp4`) names, or null. */
export const renderIdOfPath = (pathname: string): string | null =>
  OUTPUT_PATH.exec(pathname)?.[1] ?? null;

/**
 * The bytes of one of the user's own finished renders, read from storage by its owner's key:
 * another user's render, an unfinished one or a deleted file is null, never told apart.
 */
export const readOwnRenderOutput = async (
  deps: { db: Database; storage: Storage },
  userId: string,
  id: string,
): Promise<Buffer | null> => {
  const row = await findOwnRender(deps.db, userId, id);
  if (!row || row.status !== 'done') return null;
  const stored = await deps.storage.get(renderOutputKey(userId, id));
  return stored?.body ?? null;
};

/**
 * A finished render by its stable URL's file (`{id}.mp4`) and capability `k`: what the route
 * serves and the server's own reads use. A wrong capability, an unknown id, an unfinished render
 * and a deleted file are all null, so ids cannot be probed.
 */
export const readRenderByCapability = async (
  deps: { db: Database; storage: Storage; secret: string },
  file: string,
  k: string | undefined,
): Promise<Buffer | null> => {
  const id = /^([0-9a-f-]{36})\.mp4$/.exec(file)?.[1] ?? '';
  if (!verifyRenderCapability(deps.secret, id, k)) return null;
  const row = await findRender(deps.db, id);
  const stored = row?.outputKey ? await deps.storage.get(row.outputKey) : null;
  return row && row.status === 'done' && stored ? stored.body : null;
};
