import type { TCampaignItem, TCampaignItemStatus, TCampaignLastJob } from '#contract/campaigns';
import type { TPostState } from '#contract/tiktok-posts';
import type { CampaignItemRow } from './campaigns-repo';

/**
 * Whether an item can be rendered and sent as it is: a carousel needs a slide with an image
 * (slides without one are left out of the post); a video needs a hook, a character and a
 * product video. Worked out from the item, never taken from a client.
 */
export const judgeStatus = (
  item: Pick<CampaignItemRow, 'type' | 'hook' | 'carouselPlan' | 'assets'>,
): TCampaignItemStatus => {
  if (item.type === 'carousel') {
    const slides = item.carouselPlan?.slides ?? [];
    return slides.some((s) => s.imageUrl) ? 'assets_ready' : 'planned';
  }
  const character = item.assets.selectedCharacter;
  const videos = item.assets.productVideos;
  const ready =
    Boolean(item.hook?.trim()) &&
    typeof character === 'string' &&
    character.length > 0 &&
    Array.isArray(videos) &&
    videos.some((v) => typeof v === 'string' && v.length > 0);
  return ready ? 'assets_ready' : 'planned';
};

export type PostOutcome = { state: TPostState; message: string | null };

/**
 * lastJob as the items dialog shows it. A posted item is as far as its post record says: in
 * the inbox (or published) is done, a post TikTok failed is failed with its reason in plain
 * words, anything else is still sending.
 */
export const lastJobOf = (
  row: CampaignItemRow,
  post: PostOutcome | undefined,
): TCampaignLastJob | null => {
  if (!row.jobStatus) return null;
  const updatedAt = (row.jobUpdatedAt ?? row.updatedAt).toISOString();
  if (row.jobStatus === 'posted') {
    if (post?.state === 'in_inbox' || post?.state === 'published') {
      return { status: 'done', updated_at: updatedAt, last_error: row.jobError };
    }
    if (post?.state === 'failed') {
      return {
        status: 'failed',
        updated_at: updatedAt,
        last_error: post.message ?? 'TikTok did not accept the post.',
      };
    }
    return { status: 'sending', updated_at: updatedAt, last_error: row.jobError };
  }
  const status = row.jobStatus as TCampaignLastJob['status'];
  return { status, updated_at: updatedAt, last_error: row.jobError };
};

export const toItem = (row: CampaignItemRow, post: PostOutcome | undefined): TCampaignItem => ({
  id: row.id,
  campaignId: row.campaignId,
  productId: row.productId,
  type: row.type,
  strategy: row.strategy,
  hook: row.hook,
  caption: row.caption,
  hashtags: row.hashtags,
  carouselPlan: row.carouselPlan,
  assets: row.assets,
  dateScheduled: row.dateScheduled?.toISOString() ?? null,
  status: judgeStatus(row),
  createdAt: row.createdAt.toISOString(),
  lastJob: lastJobOf(row, post),
});
