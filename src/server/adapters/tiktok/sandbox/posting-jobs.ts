import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { defineJob } from '../../../jobs/define-job';
import type { JobQueue } from '../../../jobs/queue';
import type { FfmpegSettings } from '../../../media/ffmpeg-path';
import { probeVideo } from '../../../media/probe-video';
import { judgeTikTokVideo } from '../../../media/tiktok-media-rules';
import { tiktokVideoType } from '../../../media/tiktok-video';
import { makeWorkDir } from '../../../media/work-dirs';
import type { Storage } from '../../storage/storage';
import { pullPhoto, TransientPullError } from './photo-download';
import type { SandboxPost } from './posting-repo';
import { findPost, readSwitches, transitionPost } from './posting-repo';
import { int64Id } from './sandbox-ids';
import type { SandboxWebhook } from './sandbox-webhooks';
import { createSandboxWebhookJob } from './sandbox-webhooks';

const ZPostRef = z.object({ postId: z.string().min(1) });

export type PostingJobsDeps = {
  db: Database;
  storage: Storage;
  /** The app's verified URL properties photos may be pulled from. */
  verifiedPrefixes: readonly string[];
  ffmpeg: FfmpegSettings;
  /** The account's `max_video_post_duration_sec` (creator info). */
  maxVideoDurationSec: (openId: string) => Promise<number>;
  webhook: { url: string; client: { key: string; secret: string } };
  /** Bound once the queue has started (the jobs are handed to it first). */
  queue: () => Pick<JobQueue, 'send'>;
  timing?: { pullBudgetMs?: number; pullPerImageMs?: number };
};

const PULL_RETRIES = 2;

/** TikTok's events carry `publish_type`: `INBOX_SHARE` for drafts, `DIRECT_PUBLISH` for direct posts. */
export const webhookForPost = (post: SandboxPost): SandboxWebhook | null => {
  const base = { userOpenId: post.openId, createTime: Math.floor(Date.now() / 1000) };
  const content = {
    publish_id: post.publishId,
    publish_type: post.postMode === 'DIRECT_POST' ? 'DIRECT_PUBLISH' : 'INBOX_SHARE',
  };
  if (post.status === 'SEND_TO_USER_INBOX') {
    return { ...base, event: 'post.publish.inbox_delivered', content };
  }
  if (post.status === 'FAILED') {
    return {
      ...base,
      event: 'post.publish.failed',
      content: { ...content, reason: post.failReason ?? 'internal' },
    };
  }
  if (post.status === 'PUBLISH_COMPLETE')
    return { ...base, event: 'post.publish.complete', content };
  return null;
};

export const createPostingJobs = (deps: PostingJobsDeps) => {
  const webhookJob = createSandboxWebhookJob(deps.webhook);
  const announce = async (post: SandboxPost | null) => {
    const hook = post && webhookForPost(post);
    if (hook) await deps.queue().send(webhookJob, hook);
  };
  const fail = async (post: SandboxPost, from: SandboxPost['status'], reason: string) =>
    announce(
      await transitionPost(deps.db, post.id, [from], { status: 'FAILED', failReason: reason }),
    );

  const pullPhotosJob = defineJob({
    name: 'tiktok-sandbox-pull-photos',
    schema: ZPostRef,
    retryLimit: PULL_RETRIES,
    retryDelaySeconds: 5,
    expireInSeconds: 300,
    concurrency: 2,
    handle: async ({ postId }, job) => {
      const post = await findPost(deps.db, postId);
      if (!post) return;
      // A redelivered job after the post moved on only repeats the webhook (at least once).
      if (post.status !== 'PROCESSING_DOWNLOAD') return announce(post);
      const switches = await readSwitches(deps.db, post.openId);
      if (switches?.pictureSizeFails)
        return fail(post, 'PROCESSING_DOWNLOAD', 'picture_size_check_failed');
      const budgetEnd = Date.now() + (deps.timing?.pullBudgetMs ?? 240_000);
      const keys: string[] = [];
      let bytes = 0;
      for (const [index, url] of post.photoUrls.entries()) {
        const left = budgetEnd - Date.now();
        if (left <= 0) return fail(post, 'PROCESSING_DOWNLOAD', 'photo_pull_failed');
        let pulled;
        try {
          pulled = await pullPhoto(url, {
            verifiedPrefixes: deps.verifiedPrefixes,
            timeoutMs: Math.min(left, deps.timing?.pullPerImageMs ?? 30_000),
          });
        } catch (error) {
          if (error instanceof TransientPullError && job.attempt <= PULL_RETRIES) throw error;
          return fail(post, 'PROCESSING_DOWNLOAD', 'photo_pull_failed');
        }
        if (!pulled.ok) return fail(post, 'PROCESSING_DOWNLOAD', pulled.reason);
        const key = `tiktok-sandbox/${post.id}/photo-${String(index).padStart(2, '0')}.${pulled.format === 'jpeg' ? 'jpg' : 'webp'}`;
        await deps.storage.put(key, pulled.body, `image/${pulled.format}`);
        keys.push(key);
        bytes += pulled.body.length;
      }
      // A direct post is posted at once (private when the client is unaudited); a draft waits
      // in the inbox for the creator.
      const done =
        post.postMode === 'DIRECT_POST'
          ? { status: 'PUBLISH_COMPLETE' as const, postId: int64Id(), publishedAt: new Date() }
          : { status: 'SEND_TO_USER_INBOX' as const };
      await announce(
        await transitionPost(deps.db, post.id, ['PROCESSING_DOWNLOAD'], {
          ...done,
          mediaKeys: keys,
          receivedBytes: bytes,
        }),
      );
    },
  });

  const checkVideoJob = defineJob({
    name: 'tiktok-sandbox-check-video',
    schema: ZPostRef,
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 300,
    concurrency: 1,
    handle: async ({ postId }) => {
      const post = await findPost(deps.db, postId);
      if (!post) return;
      if (post.status !== 'PROCESSING_UPLOAD') return announce(post);
      if (post.receivedBytes !== post.videoSize) return;
      const dir = await makeWorkDir('sandbox');
      try {
        const file = path.join(dir, 'upload.mp4');
        await writeFile(file, Buffer.alloc(0));
        for (const key of post.mediaKeys) {
          const chunk = await deps.storage.get(key);
          if (!chunk) throw new Error(`chunk ${key} is missing from storage`);
          await appendFile(file, chunk.body);
        }
        // TikTok's own rules, the table our preflight reads too (docs/decisions/106).
        const probe = await probeVideo(file, deps.ffmpeg, { family: 'video' }).catch(() => null);
        const verdict = judgeTikTokVideo(probe, await deps.maxVideoDurationSec(post.openId));
        if (!verdict.ok) return await fail(post, 'PROCESSING_UPLOAD', verdict.reason);
        const body = await readFile(file);
        const type = await tiktokVideoType(body);
        const videoKey = `tiktok-sandbox/${post.id}/video.${type === 'video/webm' ? 'webm' : type === 'video/quicktime' ? 'mov' : 'mp4'}`;
        await deps.storage.put(videoKey, body, type);
        const moved = await transitionPost(deps.db, post.id, ['PROCESSING_UPLOAD'], {
          ...(post.postMode === 'DIRECT_POST'
            ? { status: 'PUBLISH_COMPLETE' as const, postId: int64Id(), publishedAt: new Date() }
            : { status: 'SEND_TO_USER_INBOX' as const }),
          mediaKeys: [videoKey],
        });
        if (moved) await Promise.all(post.mediaKeys.map((key) => deps.storage.delete(key)));
        await announce(moved);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  });

  return { pullPhotosJob, checkVideoJob, webhookJob, announce };
};

export type PostingJobs = ReturnType<typeof createPostingJobs>;
