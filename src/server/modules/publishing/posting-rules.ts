import type { TEntitlements } from '#contract/entitlements';
import { AppError, notFound } from '../../errors';
import { decodeProxyUrl } from './media-proxy';

/**
 * Who may post what (decision 075). Every way to post (the dialogs, the queue's "Upload to
 * TikTok", campaign sends) goes through the publishing service's two inits, and both start here.
 */
export type PostingRulesDeps = {
  /** The plan rules of the entitlements (GET /api/entitlements computes the same). */
  entitlements: (userId: string) => Promise<Pick<TEntitlements, 'reason'>>;
  /** The user's own finished renders: the only videos the product makes to post. */
  renders: {
    idOfPath: (pathname: string) => string | null;
    readOwn: (userId: string, id: string) => Promise<Buffer | null>;
  };
  appUrl: string;
};

const PLAN_REFUSALS = {
  no_plan: 'Posting to TikTok comes with every paid plan. Choose a plan to send this post.',
  payment_issue:
    "Your last payment didn't go through, so posting to TikTok is paused. Update your payment method in Settings, then send it again.",
} as const;

const PROXY_PATH = /^\/api\/(?:image-proxy\/video-url|video-proxy)\/url\/([^/]+)$/;

/** The web encodes the proxy's base64 as a URL component (its `+`, `/` and `=`). */
const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export const createPostingRules = (deps: PostingRulesDeps) => {
  const own = new URL(deps.appUrl).origin;

  return {
    /**
     * Posting needs a paid plan in good standing (docs/product/billing.md rule 1: "Post directly to
     * TikTok" is in every paid plan), photos and videos alike. The period's quota is not part of
     * it: a carousel is counted (and refused past the quota) when it is first sent, a video was
     * counted when it was rendered (docs/product/billing.md rule 3).
     */
    requirePostingPlan: async (userId: string) => {
      const { reason } = await deps.entitlements(userId);
      if (reason === 'no_plan' || reason === 'payment_issue') {
        throw new AppError(reason, PLAN_REFUSALS[reason]);
      }
    },

    /**
     * The bytes of the video a `video_url` names, when it is one of the caller's own finished
     * renders: its stable URL on this server (`/media/renders/{id}.mp4?k=…`, the `k` is not
     * needed since the owner is checked), or that URL wrapped in our own video proxy. The file
     * is read from the owner's storage, never fetched, so nothing else can be posted.
     */
    readOwnVideo: async (userId: string, videoUrl: string): Promise<Buffer> => {
      let url = new URL(videoUrl);
      const proxied = url.origin === own ? PROXY_PATH.exec(url.pathname) : null;
      if (proxied) url = new URL(decodeProxyUrl(safeDecode(proxied[1]!)));
      const id = url.origin === own ? deps.renders.idOfPath(url.pathname) : null;
      if (!id) {
        throw new AppError(
          'forbidden',
          'Only videos you rendered in Hookreel can be sent to TikTok. Open the video from your queue and send it from there.',
          { field: 'video_url' },
        );
      }
      const video = await deps.renders.readOwn(userId, id);
      if (!video) {
        throw notFound(
          'This video is not one of your finished renders. Open the video from your queue and send it from there.',
        );
      }
      return video;
    },
  };
};
