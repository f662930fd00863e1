import { useCallback, useState } from 'react';
import {
  TEXT_Y_OFFSET,
  type EndCard,
  type HookStyle,
  type ProductVideoFit,
} from '#contract/hook-demo';
import { productVideoOriginalPath } from '#contract/user-videos';
import type { DemoPacing, DemoState, UgcMediaType } from '../lib/demo-state';

export type CharacterChoice = { id: string; url: string };

/** The Hook + Demo being edited, and the playable URLs of its product videos (never saved). */
export const useDemoEditor = (initial: DemoState) => {
  const [state, setState] = useState<DemoState>(initial);
  const [videoUrls, setVideoUrls] = useState<Record<string, string>>({});
  const patch = useCallback((next: Partial<DemoState>) => setState((s) => ({ ...s, ...next })), []);

  return {
    state,
    videoUrls,
    setHookText: (hookText: string) => patch({ hookText }),
    /** Replaces the hook only while `when` holds for the current one (a pre-fill not yet edited). */
    setHookTextIf: (when: (current: string) => boolean, hookText: string) =>
      setState((s) => (when(s.hookText) ? { ...s, hookText } : s)),
    setProductId: (productId: string) => patch({ productId }),
    setUgcMediaType: (ugcMediaType: UgcMediaType) => patch({ ugcMediaType }),
    /** docs/product/hook-demo.md rule 3: choosing the selected character again deselects it. */
    toggleCharacter: (choice: CharacterChoice) =>
      setState((s) =>
        s.selectedCharacterId === choice.id && s.selectedCharacter === choice.url
          ? { ...s, selectedCharacter: null, selectedCharacterId: null }
          : { ...s, selectedCharacter: choice.url, selectedCharacterId: choice.id },
      ),
    selectCharacter: useCallback(
      (choice: CharacterChoice) =>
        patch({ selectedCharacter: choice.url, selectedCharacterId: choice.id }),
      [patch],
    ),
    /**
     * One product video per job (docs/product/hook-demo.md rule 4): a new one takes the place of
     * the old.
     */
    chooseProductVideo: (path: string, url: string | null, originalUrl?: string | null) => {
      patch({ productVideoPaths: [path] });
      if (url) setVideoUrls((m) => ({ ...m, [path]: url }));
      if (originalUrl) {
        setVideoUrls((m) => ({ ...m, [productVideoOriginalPath(path)]: originalUrl }));
      }
    },
    /** A video's playable URL, and its kept original's (under productVideoOriginalPath). */
    setVideoUrl: useCallback(
      (path: string, url: string, originalUrl?: string | null) =>
        setVideoUrls((m) => ({
          ...m,
          [path]: url,
          ...(originalUrl ? { [productVideoOriginalPath(path)]: originalUrl } : {}),
        })),
      [],
    ),
    setProductVideoFit: (productVideoFit: ProductVideoFit) => patch({ productVideoFit }),
    setPacing: (pacing: DemoPacing) => patch(pacing),
    setEndCard: (endCard: EndCard | null) => patch({ endCard }),
    setHookStyle: (hookStyle: HookStyle) => patch({ hookStyle }),
    setHookVoice: (hookVoice: boolean) => patch({ hookVoice }),
    removeProductVideo: (path: string) =>
      setState((s) => ({ ...s, productVideoPaths: s.productVideoPaths.filter((p) => p !== path) })),
    setTextFontScale: (textFontScale: number) => patch({ textFontScale }),
    setTextYOffset: (textYOffset: number) => patch({ textYOffset }),
    /** docs/product/hook-demo.md rule 6 "Recenter": the hook back in the middle; its size stays. */
    recenter: () => patch({ textYOffset: TEXT_Y_OFFSET.default }),
  };
};

export type DemoEditor = ReturnType<typeof useDemoEditor>;
