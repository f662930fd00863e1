import { drawPortrait } from '../../media/characters/portrait/paint-portrait';
import type { ImageGenerator } from './image-generator';
import { readPrompt } from './look-from-prompt';

/**
 * The embedded default: paints a portrait from the description (look-from-prompt.ts) in the
 * preset's scene. Deterministic: the same prompt and style give the same image.
 */
export const createLocalImageGenerator = (): ImageGenerator => ({
  describe:
    'character images: local painter (set AI_IMAGE_BASE_URL and AI_IMAGE_MODEL for an images API)',
  generate: async ({ prompt, style, size }) => {
    const { look } = readPrompt(prompt, style);
    const canvas = drawPortrait(
      { look, style, seed: `${style}|${prompt.trim().toLowerCase()}` },
      size,
      size,
    );
    // JPEG: a 1024² PNG of soft gradients takes seconds to encode, a JPEG tens of milliseconds.
    return { body: await canvas.encode('jpeg', 92), contentType: 'image/jpeg' };
  },
});
