import type { CharacterType, HookFormula, OverlayStyle, Pacing } from './template-types';

/**
 * The editor's "Text size" (0.5–2) and "Vertical position" (−0.3…0.3; up is positive, as
 * Shotstack's offset.y reads it) for each overlay style (docs/product/templates.md rule 2). The
 * position moves the hook from where it is placed by default, clear of the face and inside the safe
 * zone (decision 132), so the styles only nudge it: a larger move would put it on the face. Values
 * stay on the sliders' steps.
 */
export const OVERLAY_STYLES: Record<OverlayStyle, { textFontScale: number; textYOffset: number }> =
  {
    classic: { textFontScale: 1, textYOffset: 0 },
    'bold-top': { textFontScale: 1.1, textYOffset: 0.02 },
    'big-lower': { textFontScale: 1.5, textYOffset: 0 },
    'caption-low': { textFontScale: 0.9, textYOffset: -0.03 },
    'subtle-top': { textFontScale: 0.8, textYOffset: 0.02 },
  };

/**
 * Seconds of character clip and of product video (docs/product/templates.md rule 2: 5 + 5 by
 * default).
 */
export const PACINGS: Record<Pacing, { ugcDurationSec: number; productDurationSec: number }> = {
  'quick-hook': { ugcDurationSec: 3, productDurationSec: 7 },
  balanced: { ugcDurationSec: 5, productDurationSec: 5 },
  'slow-reveal': { ugcDurationSec: 6, productDurationSec: 4 },
  'demo-first': { ugcDurationSec: 2, productDurationSec: 8 },
};

/** Pre-made character ids (characters module) in order of preference for each type. */
export const CHARACTER_TYPES: Record<CharacterType, readonly string[]> = {
  'friendly-woman': ['maya', 'priya', 'sofia', 'amara', 'hana'],
  'casual-guy': ['jordan', 'leo', 'ethan', 'diego'],
  'polished-pro': ['malik', 'amara', 'hana'],
  'trend-setter': ['hana', 'sofia', 'diego', 'priya'],
};

/**
 * How a hook of each formula reads, as the writers phrase them ("POV: …", "3 reasons …",
 * "Nobody told me …"). The first of the product's hooks that fits is the template's hook.
 */
export const HOOK_FORMULA_SHAPES: Record<HookFormula, RegExp> = {
  pov: /^POV:/i,
  curiosity:
    /^(?:Nobody told me|Okay but why|The .+ (?:I didn['’]t know I needed|my friends keep asking about))/i,
  listicle: /^\d+ (?:reasons|things|ways)/i,
  price: /[$€£]\d|\bprice\b|\bcosts?\b/i,
  'before-after': /\bbefore\b/i,
  review: /\b(?:honest review|review|unboxing|worth it|rating)\b/i,
  callout: /^(?:If you|Stop scrolling|[A-Z][a-z]+(?: [a-z-]+){0,2}, this\b)/,
  diary: /^(?:Day \d+|I used this)/i,
  demo: /^Watch (?:this|me)\b/i,
  objection: /^(?:You don['’]t need another|Don['’]t buy)/i,
  proof: /^(?:Everyone asks|Things I['’]d buy again|Just a .+ That's the post)/i,
};
