import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSandboxInbox } from '#contract/tiktok-sandbox-inbox';
import type { TQueue } from '#contract/tiktok-posts';
import { multipart, solidPng } from '../../testing/multipart';
import type { ServerProcess } from '../../testing/server-process';
import { createServerProcess } from '../../testing/server-process';
import { SHORT_LEASES } from '../../testing/short-leases';
import {
  connectSandboxAccount,
  signedInSeller,
  subscribe,
} from '../../testing/server-process-seller';
import { waitFor } from '../../testing/wait-for';

/**
 * The real server (`main.ts`, PGlite in a temp DATA_DIR) killed with SIGKILL while a carousel it
 * sent to the sandbox is still processing, then started again on the same data: the post must
 * still reach the inbox, and the sandbox must have received exactly one init. A server that lost
 * the post, or sent the init again on restart, fails here.
 */
describe('a carousel survives a crash of the server', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await createServerProcess('hookreel-crash-');
    // Taken over seconds after the restart, not a minute (decision 210).
    Object.assign(server.env, SHORT_LEASES);
  });

  afterAll(async () => {
    await server?.close();
  });

  const hostSlide = async (headers: Record<string, string>) => {
    const body = multipart([
      { field: 'image', filename: 's.png', type: 'image/png', data: await solidPng(1080, 1350) },
    ]);
    return (await server.upload<{ url: string }>('/api/temp-images/upload', headers, body)).url;
  };

  const sandboxItems = async (headers: Record<string, string>) =>
    (await server.ok<TSandboxInbox>('GET', '/tiktok-sandbox/api/inbox', headers)).accounts.flatMap(
      (a) => a.items,
    );
  const ourPost = async (headers: Record<string, string>, publishId: string) =>
    (await server.ok<TQueue>('GET', '/api/queue', headers)).items.find(
      (i) => i.publish_id === publishId,
    ) ?? null;

  it('finishes the post after a SIGKILL, with one init at the sandbox', async () => {
    await server.start();
    const seller = await signedInSeller(server, 'crash');
    await subscribe(server, seller);
    const openId = await connectSandboxAccount(server, seller);
    // The sandbox answers PROCESSING to this many status checks, so the post is mid-flight when
    // the server is killed, even on a busy machine where the first checks come before the kill.
    await server.ok('PUT', `/tiktok-sandbox/api/accounts/${openId}/switches`, seller, {
      rate_limited: false,
      pending_share_limit: false,
      picture_size_fails: false,
      token_expired: false,
      server_error: false,
      slow_polls: 6,
    });

    const init = await server.ok<{ data: { publish_id: string } }>(
      'POST',
      '/api/tiktok/photo/upload/init',
      seller,
      {
        title: 'Crash carousel',
        photo_images: [await hostSlide(seller), await hostSlide(seller)],
        idempotency_key: 'crash-key-1',
      },
    );
    const publishId = init.data.publish_id;
    // Kill once the sandbox holds the post (its own download done, so no sandbox job is cut
    // off) while our side has not yet learnt a final status.
    await waitFor('the sandbox to hold the post', 30_000, async () => {
      const item = (await sandboxItems(seller)).find((i) => i.publish_id === publishId);
      return item && item.status !== 'PROCESSING_DOWNLOAD' ? item : null;
    });
    // Usually our side has not learnt the final status yet; the sandbox's signed webhook can
    // bring it first on a quiet machine. Either way the restart below must not send again.
    const before = await ourPost(seller, publishId);
    expect(before).not.toBeNull();
    await server.kill();

    await server.start();
    const after = await waitFor('the post to reach the inbox after restart', 120_000, async () => {
      const post = await ourPost(seller, publishId);
      if (post?.state === 'failed') throw new Error(`the post failed: ${JSON.stringify(post)}`);
      return post?.state === 'in_inbox' ? post : null;
    });
    expect(after.publish_id).toBe(publishId);
    const received = await sandboxItems(seller);
    expect(received).toHaveLength(1);
    expect(received[0]!.publish_id).toBe(publishId);
    expect(received[0]!.status).toBe('SEND_TO_USER_INBOX');
    expect(received[0]!.media_urls).toHaveLength(2);
  }, 240_000);
});
