import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/types';
import { tiktokSandboxClocks } from './sandbox-schema';

/** The test account's clock offset in seconds (0 when never moved). */
export const readClockOffset = async (db: Db, openId: string): Promise<number> => {
  const [row] = await db
    .select({ offset: tiktokSandboxClocks.offsetSeconds })
    .from(tiktokSandboxClocks)
    .where(eq(tiktokSandboxClocks.openId, openId));
  return row?.offset ?? 0;
};

export const listClockOffsets = (db: Db, ownerUserId: string) =>
  db
    .select({ openId: tiktokSandboxClocks.openId, offset: tiktokSandboxClocks.offsetSeconds })
    .from(tiktokSandboxClocks)
    .where(eq(tiktokSandboxClocks.ownerUserId, ownerUserId));

/** Moves the account's clock ahead by `seconds` in one statement; resolves to the new offset. */
export const advanceClock = async (
  db: Db,
  ownerUserId: string,
  openId: string,
  seconds: number,
): Promise<number> => {
  const [row] = await db
    .insert(tiktokSandboxClocks)
    .values({ openId, ownerUserId, offsetSeconds: seconds })
    .onConflictDoUpdate({
      target: tiktokSandboxClocks.openId,
      set: {
        offsetSeconds: sql`${tiktokSandboxClocks.offsetSeconds} + ${seconds}`,
        updatedAt: new Date(),
      },
      where: and(eq(tiktokSandboxClocks.ownerUserId, ownerUserId)),
    })
    .returning({ offset: tiktokSandboxClocks.offsetSeconds });
  return row?.offset ?? 0;
};
