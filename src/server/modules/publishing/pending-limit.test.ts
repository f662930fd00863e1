import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { insertDraftWithinPendingLimit } from './publishing-repo';

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
});
