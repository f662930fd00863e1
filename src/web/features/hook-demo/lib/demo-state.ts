import type { z } from 'zod';
import type { TDraft, ZPatchDemoDraft } from '#contract/drafts';
import {
  DEFAULT_PRODUCT_VIDEO_FIT,
  PRODUCT_DURATION_SEC,
  readHookDemoLook,
  type EndCard,
  type HookStyle,
  TEXT_FONT_SCALE,
  TEXT_Y_OFFSET,
  UGC_DURATION_SEC,
  type ProductVideoFit,
} from '#contract/hook-demo';
import { RENDER_MAX_SECONDS } from '#contract/render';

export type UgcMediaType = 'premade' | 'custom';

/**
 * What the editor edits and saves (docs/product/hook-demo.md rule 1; the draft's assets as
 * contract/drafts.ts checks them).
 */
export type DemoState = {
  hookText: string;
  productId: string;
  ugcMediaType: UgcMediaType;
  /** URL of an image or an .mp4/.webm clip, or null. */
  selectedCharacter: string | null;
  selectedCharacterId: string | null;
  /** Storage paths; the signed URLs are fetched when shown and never saved. */
  productVideoPaths: string[];
  /** How the product video fills the frame (decision 131). */
  productVideoFit: ProductVideoFit;
  textFontScale: number;
  textYOffset: number;
  /**
   * How long each part plays (docs/product/hook-demo.md rule 5; 5 s + 5 s, a template's pacing, or
   * the seller's).
   */
  ugcDurationSec: number;
  productDurationSec: number;
  /** The optional end card (decision 135); null when off. */
  endCard: EndCard | null;
  /** Outline or TikTok's box (decision 136). */
  hookStyle: HookStyle;
  /** Whether a voice reads the hook, where one is configured (decision 140). */
  hookVoice: boolean;
};

export const emptyDemoState = (): DemoState => ({
  hookText: '',
  productId: '',
  ugcMediaType: 'premade',
  selectedCharacter: null,
  selectedCharacterId: null,
  productVideoPaths: [],
  productVideoFit: DEFAULT_PRODUCT_VIDEO_FIT,
  textFontScale: TEXT_FONT_SCALE.default,
  textYOffset: TEXT_Y_OFFSET.default,
  ugcDurationSec: UGC_DURATION_SEC,
  productDurationSec: PRODUCT_DURATION_SEC,
  endCard: null,
  hookStyle: 'outline',
  hookVoice: false,
});

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * How long each part of the video lasts (docs/product/hook-demo.md rule 5: ugcDurationSec,
 * productDurationSec).
 */
export type DemoPacing = { ugcDurationSec: number; productDurationSec: number };

export const DEFAULT_PACING: DemoPacing = {
  ugcDurationSec: UGC_DURATION_SEC,
  productDurationSec: PRODUCT_DURATION_SEC,
};

// Each part at most half the longest timeline, so any pair the draft holds can be rendered.
const seconds = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= RENDER_MAX_SECONDS / 2
    ? v
    : fallback;

/**
 * The pacing a draft's assets or a saved video hold, each part on its own falling back to 5 s.
 * Both are read alike, so a saved video's captions accept exactly the pacings a render can.
 */
export const readPacing = (from: {
  ugcDurationSec?: unknown;
  productDurationSec?: unknown;
}): DemoPacing => ({
  ugcDurationSec: seconds(from.ugcDurationSec, DEFAULT_PACING.ugcDurationSec),
  productDurationSec: seconds(from.productDurationSec, DEFAULT_PACING.productDurationSec),
});

export type OpenedDemo = {
  state: DemoState;
  /**
   * A template's pacing (decision 043), which the editor renders and previews with but does not
   * edit: the saves keep it among the draft's assets.
   */
  pacing: DemoPacing;
  /**
   * Every asset key the draft had, known or not (originCampaignItemId, templateId, keys of later
   * features): saves spread the editor's fields over them so nothing another part wrote is lost.
   */
  assets: Record<string, unknown>;
  originCampaignItemId: string | null;
};

/** A saved draft as the editor opens it; anything odd in it falls back to the default. */
export const demoFromDraft = (draft: TDraft): OpenedDemo => {
  const a = draft.assets;
  const paths = Array.isArray(a.productVideos)
    ? a.productVideos.filter((p): p is string => typeof p === 'string' && p.length > 0)
    : [];
  return {
    state: {
      hookText: draft.hook ?? '',
      productId: draft.productId ?? '',
      ugcMediaType: a.ugcMediaType === 'custom' ? 'custom' : 'premade',
      selectedCharacter: text(a.selectedCharacter),
      selectedCharacterId: text(a.selectedCharacterId),
      productVideoPaths: paths.slice(0, 1),
      // Read as the campaign's own render reads the item's assets, so both build the same edit.
      ...readHookDemoLook(a),
      hookVoice: a.hookVoice === true,
    },
    pacing: readPacing(a),
    assets: a,
    originCampaignItemId: text(a.originCampaignItemId),
  };
};

/** The editor's part of the assets (docs/product/hook-demo.md rule 1, the draft's video shape). */
export const demoAssets = (state: DemoState, base: Record<string, unknown> = {}) => ({
  ...base,
  selectedCharacter: state.selectedCharacter,
  selectedCharacterId: state.selectedCharacterId,
  productVideos: state.productVideoPaths,
  productVideoFit: state.productVideoFit,
  ugcMediaType: state.ugcMediaType,
  textFontScale: state.textFontScale,
  textYOffset: state.textYOffset,
  ugcDurationSec: state.ugcDurationSec,
  productDurationSec: state.productDurationSec,
  endCard: state.endCard,
  hookStyle: state.hookStyle,
  hookVoice: state.hookVoice,
});

/** The pacing the editor renders and previews with. */
export const pacingOf = (state: DemoState): DemoPacing => ({
  ugcDurationSec: state.ugcDurationSec,
  productDurationSec: state.productDurationSec,
});

/** PATCH /api/drafts/{id}, demo shape: { type: "video", productId, hook, assets }. */
export const toDemoDraftPatch = (
  state: DemoState,
  base: Record<string, unknown>,
): z.input<typeof ZPatchDemoDraft> => ({
  type: 'video',
  productId: state.productId || null,
  hook: state.hookText,
  assets: demoAssets(state, base),
});

/**
 * The campaign item's demo shape (docs/product/create.md rule 3): hook, productId, assets. The
 * assets carry the character id and the overlay settings too, so the campaign's own render matches
 * the editor's.
 */
export const toCampaignItemPatch = (state: DemoState) => ({
  hook: state.hookText,
  ...(state.productId ? { productId: state.productId } : {}),
  assets: demoAssets(state),
});
