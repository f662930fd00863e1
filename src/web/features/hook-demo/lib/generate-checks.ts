import {
  FALLBACK_FACE_BOX,
  fitHookOverlay,
  HOOK_MAX_LINES,
  type FaceBox,
} from '#contract/hook-demo';
import type { DemoState } from './demo-state';
import { measureHookText } from './hook-measure';

export type Blocker = { title: string; description: string };

/**
 * docs/product/hook-demo.md rule 10: in the order the user meets them; null when it may go ahead
 * (the entitlement guard is asked separately, it needs the server).
 */
export const generateBlocker = (
  state: DemoState,
  faceBox: FaceBox = FALLBACK_FACE_BOX,
): Blocker | null => {
  if (state.hookText.trim() === '') {
    return { title: 'Hook Text Required', description: 'Please enter your hook text' };
  }
  // Decision 133: what the server would refuse is said here first.
  const fit = fitHookOverlay(state.hookText.trim(), {
    fontScale: state.textFontScale,
    yOffset: state.textYOffset,
    faceBox,
    measure: measureHookText,
  });
  if (!fit.legible) {
    return {
      title: 'Hook Too Long',
      description: `The hook cannot be shown legibly: at most ${HOOK_MAX_LINES} lines fit. Please shorten it.`,
    };
  }
  if (state.ugcMediaType === 'premade' && !state.selectedCharacter) {
    return { title: 'UGC Character Required', description: 'Please select a UGC character' };
  }
  if (state.productVideoPaths.length === 0) {
    return { title: 'Product Video Required', description: 'Please upload a product video' };
  }
  return null;
};
