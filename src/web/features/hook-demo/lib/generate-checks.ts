import type { DemoState } from './demo-state';

export type Blocker = { title: string; description: string };

/**
 * Spec 02 §5 Hook + Demo Generate, in the order the user meets them; null when it may go ahead
 * (the entitlement guard is asked separately, it needs the server).
 */
export const generateBlocker = (state: DemoState): Blocker | null => {
  if (state.hookText.trim() === '') {
    return { title: 'Hook Text Required', description: 'Please enter your hook text' };
  }
  if (state.ugcMediaType === 'premade' && !state.selectedCharacter) {
    return { title: 'UGC Character Required', description: 'Please select a UGC character' };
  }
  if (state.productVideoPaths.length === 0) {
    return { title: 'Product Video Required', description: 'Please upload a product video' };
  }
  return null;
};
