import type { TEntitlements } from '#contract/entitlements';
import { POST_TITLE_MAX } from '#contract/tiktok-posts';
import { AppError } from '../../errors';
import type { Database } from '../../db/client';
import { HookVoiceError } from './campaign-video';
import type { CampaignItemRow } from './campaigns-repo';
import {
  claimSend,
  findItemById,
  findStrandedSends,
  moveSend,
  savePrepared,
} from './campaigns-repo';

// The automatic sending of scheduled items (decisions 048, 049).

/** A send whose time passed while the server was down is still made this long after it. */
export const LATE_WINDOW_MS = 6 * 60 * 60 * 1000;
/**
 * Slides are rendered this long before the time, so that at the time only the post is made
 * (temp images live 2 hours; the post needs one more hour of them).
 */
export const PREPARE_AHEAD_MS = 15 * 60 * 1000;
/** Later than this after its time, a send is noted as late in lastJob. */
const LATE_NOTE_AFTER_MS = 2 * 60 * 1000;

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

export type CampaignSenderDeps = {
  db: Database;
  entitlements: (userId: string) => Promise<Pick<TEntitlements, 'canGenerate' | 'reason'>>;
  /** The default TikTok account's token, or tiktok_not_connected / tiktok_reconnect_needed. */
  checkAccount: (userId: string) => Promise<unknown>;
  /** Renders the slides and hosts them for TikTok (URLs of the user's temp images). */
  renderCarousel: (
    userId: string,
    slides: { text: string; imageUrl: string }[],
  ) => Promise<string[]>;
  initPhoto: (
    userId: string,
    input: { title: string; description: string; photo_images: string[]; idempotency_key: string },
  ) => Promise<{ postId: string }>;
  /** Renders and sends a video item; absent until the render service is there. */
  sendVideo?: (
    item: CampaignItemRow,
    key: string,
  ) => Promise<{ postId: string } | { waitSeconds: number }>;
  /** Sends the job again after `seconds` (a render still running). */
  requeue: (itemId: string, version: number, seconds: number) => Promise<void>;
  log: Log;
  now?: () => Date;
  /**
   * A claim older than this belongs to a worker that died; the send may be taken over. It is
   * also the send job's expiry, after which pg-boss hands the job to another worker anyway.
   * SEND_LEASE_MS, 60 s by default (decision 210).
   */
  sendLeaseMs: number;
};

const SETTINGS_AGAIN = 'then schedule this item again.';

/**
 * An item whose account TikTok no longer accepts (a refresh ended in `invalid_grant`, the seller
 * removed the app) waits, queued, with these words, for as long as it stays scheduled; the
 * reconciliation sends it once the account is reconnected, however late (decision 101).
 */
export const WAITING_FOR_RECONNECT =
  'Waiting: TikTok no longer accepts Hookreel’s sign-in for your TikTok account. Reconnect it in Settings → TikTok and this item is sent then, as a draft to its inbox.';

const VOICE_OFF = 'Turn the voice off for this item, or schedule it again.';

const isReconnectNeeded = (error: unknown) =>
  error instanceof AppError && error.code === 'tiktok_reconnect_needed';

/**
 * Plain words for a refused send; null when the failure is worth trying again. On the job's last
 * try a reading of the hook that still fails is final too (decision 140).
 */
const finalReason = (error: unknown, lastAttempt: boolean): string | null => {
  if (!(error instanceof AppError)) return null;
  if (error instanceof HookVoiceError) {
    return !error.retryable || lastAttempt ? `Not sent: ${error.message} ${VOICE_OFF}` : null;
  }
  switch (error.code) {
    case 'tiktok_not_connected':
      return `Not sent: no TikTok account is connected. Connect one in Settings, ${SETTINGS_AGAIN}`;
    case 'tiktok_pending_limit':
      return `Not sent: your TikTok inbox already has 5 drafts waiting from the last 24 hours, and TikTok refuses a sixth. Post or delete some in the TikTok app, ${SETTINGS_AGAIN}`;
    case 'payment_required':
      return `Not sent: your plan has no videos/photos left this period. Upgrade in Settings or wait for the next period, ${SETTINGS_AGAIN}`;
    case 'tiktok_preflight_failed':
    case 'validation_error':
    case 'not_found':
    case 'forbidden':
    case 'unsupported_media_type':
      return `Not sent: ${error.message}`;
    case 'limit':
    case 'no_plan':
    case 'payment_issue':
      return planReason(error.code);
    case 'tiktok_error':
      // A definite refusal of this post (422) is final; TikTok being down (502) is not.
      return error.status === 422 ? `Not sent: ${error.message}` : null;
    default:
      return null;
  }
};

const planReason = (reason: TEntitlements['reason']): string => {
  switch (reason) {
    case 'payment_issue':
      return `Not sent: your last payment failed, so automatic sending is paused. Update your payment details in Settings, ${SETTINGS_AGAIN}`;
    case 'limit':
      return `Not sent: your plan's videos/photos for this period are used up. Upgrade in Settings or wait for the next period, ${SETTINGS_AGAIN}`;
    default:
      return `Not sent: campaigns send automatically only on a paid plan, and this account has none (the subscription ended or was cancelled). Choose a plan in Settings, ${SETTINGS_AGAIN}`;
  }
};

const lateWords = (ms: number) => {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
};

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The post's key: one per item and schedule version, so a retry resumes, never re-sends. */
export const sendKey = (itemId: string, version: number) => `campaign-${itemId}-v${version}`;

export const titleOf = (item: CampaignItemRow) =>
  (item.hook?.trim() || item.carouselPlan?.slides[0]?.text || 'New post').slice(0, POST_TITLE_MAX);

export const descriptionOf = (item: CampaignItemRow) => {
  const tags = item.hashtags
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (t.startsWith('#') ? t : `#${t}`));
  return [item.caption?.trim() || titleOf(item), tags.join(' ')].filter(Boolean).join('\n\n');
};

export const createCampaignSender = (deps: CampaignSenderDeps) => {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());

  const fail = async (item: CampaignItemRow, status: 'failed' | 'missed', reason: string) => {
    await moveSend(db, item.id, item.scheduleVersion, ['queued', 'rendering', 'sending'], {
      jobStatus: status,
      jobError: reason,
      claimedAt: null,
    });
    log('warn', `campaign item ${item.id} ${status}: ${reason}`);
  };

  /**
   * One attempt at sending version `version` of an item. Anything but the current version of a
   * scheduled item is a job left over from before a move, and does nothing.
   */
  const send = async (
    itemId: string,
    version: number,
    { retry, lastAttempt = false }: { retry: boolean; lastAttempt?: boolean },
  ) => {
    const current = await findItemById(db, itemId);
    if (!current || current.scheduleVersion !== version || !current.dateScheduled) return;
    if (!['queued', 'rendering', 'sending'].includes(current.jobStatus ?? '')) return;
    const due = current.dateScheduled.getTime();
    const late = now().getTime() - due;
    const waited = current.jobStatus === 'queued' && current.jobError === WAITING_FOR_RECONNECT;
    if (waited && late >= -1000) {
      // Still not reconnected: nothing changes (no claim, no new time on lastJob).
      try {
        await deps.checkAccount(current.userId);
      } catch (error) {
        if (isReconnectNeeded(error)) return;
      }
    }
    if (late < -1000) {
      // Early (a clock difference, or the reconciliation being ahead): come back at the time.
      await deps.requeue(itemId, version, Math.ceil(-late / 1000));
      return;
    }
    if (late > LATE_WINDOW_MS && !waited) {
      if (current.jobStatus === 'queued') {
        await fail(
          current,
          'missed',
          `Missed: the server was not running at ${utc(current.dateScheduled)}, and more than 6 hours passed before it was back, so it was not sent late. Schedule it again.`,
        );
      } else {
        await fail(
          current,
          'failed',
          `Not sent: TikTok could not be reached for 6 hours after ${utc(current.dateScheduled)}. ${current.jobError ?? ''} Schedule it again.`.trim(),
        );
      }
      return;
    }
    // A retry of this very job may take over its own claim at once: pg-boss runs one copy of
    // a job at a time, and the post key keeps even two copies from posting twice.
    const item = await claimSend(db, itemId, version, retry ? 0 : deps.sendLeaseMs);
    if (!item) return;
    const lateNote = waited
      ? `Sent late: it waited for your TikTok account to be reconnected; sent ${lateWords(late)} after ${utc(item.dateScheduled!)}.`
      : late > LATE_NOTE_AFTER_MS
        ? `Sent late: the server was not running at ${utc(item.dateScheduled!)}; sent ${Math.round(late / 60_000)} minutes later.`
        : null;

    try {
      const rights = await deps.entitlements(item.userId);
      if (!rights.canGenerate) return await fail(item, 'failed', planReason(rights.reason));
      await deps.checkAccount(item.userId);
      const key = sendKey(item.id, version);
      let postId: string;
      if (item.type === 'carousel') {
        const slides = (item.carouselPlan?.slides ?? []).filter(
          (s): s is { text: string; imageUrl: string } => Boolean(s.imageUrl),
        );
        if (slides.length === 0) {
          return await fail(
            item,
            'failed',
            'Not sent: the carousel has no slide with an image. Generate it again, then schedule it.',
          );
        }
        const photos =
          item.prepared?.version === version
            ? item.prepared.photos
            : await deps.renderCarousel(item.userId, slides);
        await moveSend(db, item.id, version, ['rendering'], { jobStatus: 'sending' });
        ({ postId } = await deps.initPhoto(item.userId, {
          title: titleOf(item),
          description: descriptionOf(item),
          photo_images: photos,
          idempotency_key: key,
        }));
      } else {
        if (!deps.sendVideo) {
          return await fail(
            item,
            'failed',
            'Not sent: this server cannot render videos yet. Open the item in the editor and send it from there.',
          );
        }
        const outcome = await deps.sendVideo(item, key);
        if ('waitSeconds' in outcome) {
          // The claim is released while the render runs; the next look takes it again.
          await moveSend(db, item.id, version, ['rendering'], { claimedAt: null });
          await deps.requeue(item.id, version, outcome.waitSeconds);
          return;
        }
        ({ postId } = outcome);
      }
      await moveSend(db, item.id, version, ['rendering', 'sending'], {
        jobStatus: 'posted',
        postId,
        jobError: lateNote,
        claimedAt: null,
      });
      log('info', `campaign item ${item.id} sent (post ${postId})`);
    } catch (error) {
      if (isReconnectNeeded(error)) {
        await moveSend(db, item.id, version, ['rendering', 'sending'], {
          jobStatus: 'queued',
          jobError: WAITING_FOR_RECONNECT,
          claimedAt: null,
        });
        log('warn', `campaign item ${item.id} waits for its TikTok account to be reconnected`);
        return;
      }
      const reason = finalReason(error, lastAttempt);
      if (reason) return await fail(item, 'failed', reason);
      // Worth another try (TikTok or the network failing): the job's retries and, after
      // them, the reconciliation come back to it; lastJob says what happened meanwhile.
      await moveSend(db, item.id, version, ['rendering', 'sending'], {
        jobError: `Retrying: ${error instanceof Error ? error.message : 'the send failed'}`,
      });
      throw error;
    }
  };

  /**
   * Renders a scheduled carousel's slides ahead of its time and keeps them with the version, so
   * the send at the time only posts. Best effort: the send renders them itself when this did not.
   */
  const prepare = async (itemId: string, version: number) => {
    const item = await findItemById(db, itemId);
    if (!item || item.scheduleVersion !== version || item.jobStatus !== 'queued') return;
    if (item.type !== 'carousel' || item.prepared?.version === version) return;
    const slides = (item.carouselPlan?.slides ?? []).filter(
      (s): s is { text: string; imageUrl: string } => Boolean(s.imageUrl),
    );
    if (slides.length === 0) return;
    try {
      await savePrepared(db, itemId, version, await deps.renderCarousel(item.userId, slides));
    } catch (error) {
      log('warn', `campaign item ${itemId}: slides not rendered ahead`, { err: error });
    }
  };

  /**
   * Finds sends the delayed jobs would not finish: due but never started (the job was lost)
   * and started by a worker that died. Each is sent to its job again; the claim and the post
   * key make a duplicate harmless.
   */
  const reconcile = async (resend: (itemId: string, version: number) => Promise<void>) => {
    const stranded = await findStrandedSends(db, now(), deps.sendLeaseMs * 2, 500);
    for (const s of stranded) await resend(s.id, s.version);
    return stranded.length;
  };

  return { send, prepare, reconcile };
};

export type CampaignSender = ReturnType<typeof createCampaignSender>;
