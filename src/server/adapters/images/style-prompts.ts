import type { TCharacterStylePreset } from '#contract/characters';

/**
 * What each preset asks an image model for. The character is meant to front a UGC-style ad, so
 * every prompt asks for one real-looking person, head and shoulders, looking at the camera.
 */
export const STYLE_PROMPTS: Record<TCharacterStylePreset, string> = {
  iphone:
    'candid portrait photo taken on an iPhone, natural window light, soft background blur, realistic skin',
  professional:
    'professional studio headshot, neutral grey backdrop, soft key light, sharp focus, business attire',
  casual: 'casual lifestyle photo outdoors on a sunny afternoon, relaxed smile, natural colours',
  fashion: 'fashion show portrait on a runway, dramatic spotlight, editorial styling, bold outfit',
  tokyo:
    'street portrait in Tokyo at night, neon signs and bokeh in pink and cyan behind, cinematic colour',
  selfie:
    'selfie taken with a 0.5x ultra-wide phone lens held at arm length, slight wide-angle distortion, bright sky',
};

export const imagePrompt = (description: string, style: TCharacterStylePreset) =>
  [
    `A single person for a short-video ad: ${description.trim()}.`,
    `Style: ${STYLE_PROMPTS[style]}.`,
    'Head and shoulders, facing the camera, square 1:1 framing, no text, no watermark, no logos.',
  ].join(' ');
