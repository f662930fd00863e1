/** What each slide of a carousel template does, in the order the slides tell the story. */
export type SlideRole = 'hook' | 'problem' | 'product' | 'benefit' | 'proof' | 'cta';

type TemplateBase = {
  /** Stable: drafts keep it in `assets.templateId`, analytics ties posts to it. Never rename. */
  id: string;
  name: string;
  description: string;
  category: string;
  isPremium: boolean;
};

export type CarouselTemplateDef = TemplateBase & {
  type: 'carousel';
  /** One entry per slide (3–8, the AI's range), in order. */
  slides: readonly SlideRole[];
  /**
   * How the slides should read, handed to the AI writer as the carousel prompt: the angle, the
   * tone and what to focus on. Filled from the product's own facts.
   */
  textPattern: string;
  /** The look: a collection of the image library, whose images the slides take in turn. */
  collection: string;
  /** The copy the thumbnail shows, and the draft's when the user has no product yet. */
  example: { slides: readonly string[]; caption: string; hashtags: readonly string[] };
};

/**
 * The hook formulas of the writers' brief (docs/product/templates.md rule 2 hooks), each
 * recognisable by its shape.
 */
export type HookFormula =
  | 'pov'
  | 'curiosity'
  | 'listicle'
  | 'price'
  | 'before-after'
  | 'review'
  | 'callout'
  | 'diary'
  | 'demo'
  | 'objection'
  | 'proof';

/** Where and how big the hook sits over the character (the editor's two sliders). */
export type OverlayStyle = 'classic' | 'bold-top' | 'big-lower' | 'caption-low' | 'subtle-top';

/** The kind of presenter: matched to the pre-made characters by id, in order of preference. */
export type CharacterType = 'friendly-woman' | 'casual-guy' | 'polished-pro' | 'trend-setter';

/** How the 10-ish seconds split between the character with the hook and the product demo. */
export type Pacing = 'quick-hook' | 'balanced' | 'slow-reveal' | 'demo-first';

export type VideoTemplateDef = TemplateBase & {
  type: 'video';
  hookFormula: HookFormula;
  overlayStyle: OverlayStyle;
  characterType: CharacterType;
  pacing: Pacing;
  /** The hook the thumbnail shows, and the draft's when the user has no product yet. */
  exampleHook: string;
  exampleHashtags: readonly string[];
};

export type TemplateDef = CarouselTemplateDef | VideoTemplateDef;
