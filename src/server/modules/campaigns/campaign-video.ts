import { buildHookDemoEdit, faceBoxFor, readHookDemoLook } from '#contract/hook-demo';
import type { FaceBox } from '#contract/hook-demo';
import type { TErrorCode } from '#contract/errors';
import type { TRenderEdit } from '#contract/render';
import { AppError } from '../../errors';
import { measureHookText } from '../../media/hook-text';
import type { Database } from '../../db/client';
import type { CampaignItemRow } from './campaigns-repo';
import { moveSend } from './campaigns-repo';

/** The render service of modules/render. */
export type CampaignRender = {
  submit: (
    userId: string,
    edit: TRenderEdit,
    options: { source: 'campaign'; idempotencyKey: string },
  ) => Promise<{ id: string; status: string }>;
  get: (
    userId: string,
    id: string,
  ) => Promise<{ status: string; url: string | null; error: string | null }>;
};

/**
 * How often a running render is looked at again (docs/product/hook-demo.md rule 7: the editor polls
 * every 5 s).
 */
const RENDER_POLL_SECONDS = 5;

/** What the seller reads of a failed reading: the provider's own words name its host and wait. */
const VOICE_FAILURE_WORDS: Partial<Record<TErrorCode, string>> = {
  ai_busy: 'the voice model was busy (rate limited)',
  ai_timeout: 'the voice model did not answer in time',
  ai_bad_output: 'the voice model answered audio that cannot be read',
  ai_unavailable: 'the voice model could not be reached or refused the request',
};

/** Busy, down or slow: the send job tries the reading again; anything else will not change. */
const VOICE_RETRYABLE: readonly TErrorCode[] = ['ai_busy', 'ai_unavailable', 'ai_timeout'];

/**
 * The hook's reading failed (decision 140). The send job tries again while it is worth it and
 * the sender fails the item with this sentence after the last try, rather than rendering the
 * item silent when the seller asked for the voice.
 */
export class HookVoiceError extends AppError {
  readonly retryable: boolean;
  constructor(cause: AppError) {
    const words = VOICE_FAILURE_WORDS[cause.code] ?? cause.message;
    super(cause.code, `the hook’s voice could not be made: ${words}.`, {
      ...(cause.retryAfterSeconds ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
    });
    this.retryable = VOICE_RETRYABLE.includes(cause.code);
  }
}

const readVoice = async (
  read: NonNullable<Parameters<typeof createVideoSender>[0]['readHookVoice']>,
  item: CampaignItemRow,
  seconds: number,
) => {
  try {
    return (await read(item.userId, { text: item.hook!.trim(), seconds })).url;
  } catch (error) {
    throw error instanceof AppError ? new HookVoiceError(error) : error;
  }
};

/**
 * A video item's send: its Hook + Demo edit rendered once per item and version (the render's
 * own idempotency key), looked at again every few seconds by the send job until it is done,
 * then sent as an inbox video through the same publishing service as a manual upload.
 */
export const createVideoSender =
  (deps: {
    db: Database;
    render: CampaignRender;
    /** A signed URL of the user's own product video (videos module), refusing another's path. */
    signProductVideo: (userId: string, path: string) => Promise<string>;
    /**
     * Where a character's face is: a pre-made one's (decision 132) or a saved one's, found by
     * the character-face job (decision 139); null when not known.
     */
    faceBoxOf: (userId: string, characterId: string | null | undefined) => Promise<FaceBox | null>;
    /**
     * The hook read aloud, exactly as long as the hook part (the voice module's reading, one
     * unit of the daily AI allowance); null when no voice is configured, and the render is
     * silent as before (decision 140).
     */
    readHookVoice:
      | ((userId: string, input: { text: string; seconds: number }) => Promise<{ url: string }>)
      | null;
    /** Its kept original (decision 131), or null when the video is 9:16 or older. */
    signProductVideoOriginal: (userId: string, path: string) => Promise<string | null>;
    appUrl: string;
    initVideo: (
      userId: string,
      input: { title: string; description: string; video_url: string; idempotency_key: string },
    ) => Promise<{ postId: string }>;
    title: (item: CampaignItemRow) => string;
    description: (item: CampaignItemRow) => string;
  }) =>
  async (
    item: CampaignItemRow,
    key: string,
  ): Promise<{ postId: string } | { waitSeconds: number }> => {
    const assets = item.assets as {
      selectedCharacter?: string | null;
      selectedCharacterId?: string | null;
      productVideos?: string[];
      hookVoice?: unknown;
    };
    let renderId = item.renderId;
    if (!renderId) {
      const character = assets.selectedCharacter;
      const video = assets.productVideos?.[0];
      if (!character || !video || !item.hook?.trim()) {
        throw new AppError(
          'validation_error',
          'the video needs a hook, a character and a product video.',
        );
      }
      // Everything the editor saved and builds its own render from: fit, sliders, pacing (a
      // template's or the seller's), end card and text style, read as the editor reads them.
      const look = readHookDemoLook(item.assets);
      const voiceUrl =
        assets.hookVoice === true && deps.readHookVoice
          ? await readVoice(deps.readHookVoice, item, look.ugcDurationSec)
          : null;
      const edit = buildHookDemoEdit({
        ...look,
        hookText: item.hook,
        characterUrl: new URL(character, deps.appUrl).toString(),
        productVideoUrl: await deps.signProductVideo(item.userId, video),
        productOriginalUrl:
          look.productVideoFit === 'blur'
            ? null
            : await deps.signProductVideoOriginal(item.userId, video),
        faceBox: faceBoxFor({
          faceBox: await deps.faceBoxOf(item.userId, assets.selectedCharacterId),
        }),
        voiceUrl,
        measure: measureHookText,
      });
      const started = await deps.render.submit(item.userId, edit, {
        source: 'campaign',
        idempotencyKey: `campaign-item:${item.id}:${item.scheduleVersion}`,
      });
      renderId = started.id;
      await moveSend(deps.db, item.id, item.scheduleVersion, ['rendering'], { renderId });
    }
    const render = await deps.render.get(item.userId, renderId);
    if (render.status === 'failed') {
      throw new AppError(
        'validation_error',
        `the video could not be rendered (${render.error ?? 'unknown error'}).`,
      );
    }
    if (render.status !== 'done' || !render.url) return { waitSeconds: RENDER_POLL_SECONDS };
    await moveSend(deps.db, item.id, item.scheduleVersion, ['rendering'], { jobStatus: 'sending' });
    return deps.initVideo(item.userId, {
      title: deps.title(item),
      description: deps.description(item),
      video_url: new URL(render.url, deps.appUrl).toString(),
      idempotency_key: key,
    });
  };
