import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { countPendingSince, insertDraftWithinPendingLimit } from './publishing-repo';

describe("TikTok's 5 pending shares, counted before the init", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const draft = (userId: string, openId: string) => ({
    id: randomUUID(),
    userId,
    openId,
    kind: 'photo' as const,
    clientKey: randomUUID(),
    media: { keys: [] },
    state: 'draft' as const,
  });

  it('counts posts still being made, so many sent at once never pass five', async () => {
    const { userId } = await t.createUser();
    const now = new Date();
    // A campaign's items due in the same minute: all drafts, none initialised yet.
    const made = await Promise.all(
      Array.from({ length: 8 }, () =>
        insertDraftWithinPendingLimit(t.db.db, draft(userId, 'open-a'), { max: 5, now }),
      ),
    );
    expect(made.filter(Boolean)).toHaveLength(5);
    // Another account of the same user has its own five.
    expect(
      await insertDraftWithinPendingLimit(t.db.db, draft(userId, 'open-b'), { max: 5, now }),
    ).not.toBeNull();
  });

  it('forgets a draft made more than a day ago', async () => {
    const { userId } = await t.createUser();
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (let i = 0; i < 5; i++) {
      await insertDraftWithinPendingLimit(
        t.db.db,
        { ...draft(userId, 'open-c'), createdAt: dayAgo },
        { max: 5, now: dayAgo },
      );
    }
    expect(
      await insertDraftWithinPendingLimit(t.db.db, draft(userId, 'open-c'), {
        max: 5,
        now: new Date(),
      }),
    ).not.toBeNull();
  });
  it("counts an account's last day as a range of its index, however long its history", async () => {
    const { userId } = await t.createUser();
    const openId = 'open-long-history';
    // A long-lived account (decision 203's synthetic history, smaller): a post every 15 minutes
    // for 200 days, a tenth of them left in the inbox. Without the expression index the count
    // visits every one of those pending rows, however old.
    await t.db.db.execute(sql`
      INSERT INTO tiktok_post (id, user_id, open_id, kind, client_key, media, state,
                               init_started_at, created_at)
      SELECT 'history-' || g, ${userId}, ${openId}, 'video', 'history-' || g, '{"keys":[]}',
             CASE WHEN g % 10 = 0 THEN 'in_inbox' WHEN g % 10 = 1 THEN 'failed'
                  ELSE 'published' END,
             now() - g * interval '15 minutes', now() - g * interval '15 minutes' - interval '1 minute'
      FROM generate_series(1, 20000) AS g`);
    await t.db.db.execute(sql`ANALYZE tiktok_post`);

    const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const [counted] = await countPendingSince(t.db.db, openId, since);
    // 96 posts in the last 24 h, every tenth still in the inbox.
    expect(counted?.n).toBe(9);

    // The very query the limit runs, explained with its parameters: the planner must take the
    // index's expression as the range (an Index Cond on the coalesce), not filter it row by row.
    const query = countPendingSince(t.db.db, openId, since).toSQL();
    const { rows } = await t.db.executor.executeSql(
      `EXPLAIN (FORMAT JSON) ${query.sql}`,
      query.params,
    );
    const plan = JSON.stringify((rows[0] as Record<string, unknown>)['QUERY PLAN']);
    expect(plan).toContain('"Index Name":"tiktok_post_open_id_pending_since_idx"');
    expect(plan).toMatch(/"Index Cond":"[^"]*COALESCE\(init_started_at, created_at\) >/);
  });
});
