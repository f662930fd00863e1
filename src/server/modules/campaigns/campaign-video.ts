import {
  buildHookDemoEdit,
  faceBoxFor,
  readDemoPacing,
  readProductVideoFit,
} from '#contract/hook-demo';
import type { FaceBox } from '#contract/hook-demo';
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
      productVideoFit?: unknown;
      ugcDurationSec?: unknown;
      productDurationSec?: unknown;
      textFontScale?: number;
      textYOffset?: number;
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
      const fit = readProductVideoFit(assets.productVideoFit);
      const edit = buildHookDemoEdit({
        hookText: item.hook,
        characterUrl: new URL(character, deps.appUrl).toString(),
        productVideoUrl: await deps.signProductVideo(item.userId, video),
        productVideoFit: fit,
        productOriginalUrl:
          fit === 'blur' ? null : await deps.signProductVideoOriginal(item.userId, video),
        textFontScale: assets.textFontScale,
        textYOffset: assets.textYOffset,
        faceBox: faceBoxFor({
          faceBox: await deps.faceBoxOf(item.userId, assets.selectedCharacterId),
        }),
        // The pacing the editor saved (a template's, or the seller's own).
        ...readDemoPacing(assets),
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
