import type { TCharacterStylePreset } from '#contract/characters';

/**
 * What each preset asks an image model for. The character fronts a UGC-style ad, so every
 * prompt asks for a photograph of one real person as "AI UGC creators" look: a phone camera's
 * picture, natural skin, the place and the object the description names, looking into the lens.
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
    `A photorealistic photograph of one real person, a UGC creator filming a short video ad: ${description.trim()}.`,
    `Style: ${STYLE_PROMPTS[style]}.`,
    'Head and upper body, looking into the lens, everything the description names in view,',
    'natural skin texture, not an illustration, not a 3D render,',
    'square 1:1 framing, no text, no watermark, no logos.',
  ].join(' ');
