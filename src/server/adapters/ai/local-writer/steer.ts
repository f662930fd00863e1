import { contentStems } from '#contract/hook-rules';

// What a seller's carousel prompt or campaign goal asks for, read so that each part shows in
// the slides: the tone in the hook and the call to action, the audience by name, the focus
// words in the hook and a slide of their own, the angle in the choice of hook formula.

export type Tone = 'playful' | 'luxury' | 'calm' | 'bold' | 'expert' | 'urgent';
export type PromptAngle = 'before-after' | 'story' | 'review' | 'listicle' | 'price' | 'gift';

export type Steer = {
  tone: Tone | null;
  audience: string | null;
  /** The words after "focus on", "about" or "highlight", e.g. "curly hair". */
  focus: string | null;
  focusStems: Set<string>;
  angles: Set<PromptAngle>;
};

const TONE_WORDS: [Tone, RegExp][] = [
  ['playful', /\b(?:playful|fun|funny|cheeky|silly|light-hearted|witty|humou?r)/i],
  ['luxury', /\b(?:luxur|premium|elegant|classy|high-end|indulgent)/i],
  ['calm', /\b(?:calm|soft|gentle|minimal|soothing|cozy|cosy|relaxed)/i],
  ['bold', /\b(?:bold|confident|edgy|energetic|hype|loud)/i],
  ['expert', /\b(?:expert|professional|scientific|informative|educational|serious)/i],
  ['urgent', /\b(?:urgent|urgency|limited|last chance|launch|sale|fomo)/i],
];

const ANGLE_WORDS: [PromptAngle, RegExp][] = [
  ['before-after', /\bbefore\b.*\bafter\b|transformation|results/i],
  ['story', /\b(?:story|journey|diary|day in|routine)/i],
  ['review', /\b(?:review|honest|unboxing|first impression|comparison|compare)/i],
  ['listicle', /\b(?:list|tips|reasons|things|steps)\b/i],
  ['price', /\b(?:price|deal|sale|discount|cheap|budget|afford|offer|promo|value)/i],
  ['gift', /\b(?:gift|gifting|present|christmas|holiday|birthday|mother's day|valentine)/i],
];

/** "for new dads", "for first-time buyers": a plural audience, up to three words. */
const AUDIENCE = /\bfor\s+((?:[a-z][a-z'-]*\s){0,2}[a-z][a-z'-]*s)\b/i;
const FOCUS =
  /\b(?:focus(?:ing)?\s+on|about|highlight(?:ing)?|show(?:ing)?(?:\s+off)?|emphasi[sz]e|talk about)\s+(?:the\s+|its\s+|how\s+)?([a-z0-9][a-z0-9' -]{1,40}?)(?=[,.;!?]|\s+(?:and|with|in|for)\s|$)/i;

export const readSteer = (...texts: (string | undefined)[]): Steer => {
  const text = texts.filter(Boolean).join('. ').trim();
  const asked = FOCUS.exec(text)?.[1]?.trim().toLowerCase() ?? null;
  // "Focus on the price" or "on gifting" is an angle, which the slides already follow.
  const focus = asked && !ANGLE_WORDS.some(([, re]) => re.test(asked)) ? asked : null;
  const audience = AUDIENCE.exec(text)?.[1]?.toLowerCase() ?? null;
  return {
    tone: TONE_WORDS.find(([, re]) => re.test(text))?.[0] ?? null,
    audience,
    focus,
    focusStems: contentStems(focus ?? ''),
    angles: new Set(ANGLE_WORDS.filter(([, re]) => re.test(text)).map(([angle]) => angle)),
  };
};

/** How each tone opens the hook and closes the carousel. */
export const TONE_WORDING: Record<Tone, { opener: string; cta: string; proof: string }> = {
  playful: {
    opener: 'Okay, obsessed:',
    cta: 'Go on, treat yourself. Link in bio',
    proof: 'Officially obsessed and not sorry',
  },
  luxury: {
    opener: 'A little everyday luxury:',
    cta: 'Treat yourself. Link in bio',
    proof: 'The kind of detail you notice every day',
  },
  calm: {
    opener: 'Slow down for a second:',
    cta: 'Take your time. Link in bio',
    proof: 'Quietly my favorite part of the day',
  },
  bold: {
    opener: 'Hot take:',
    cta: "Don't overthink it. Link in bio",
    proof: 'No notes. Just results',
  },
  expert: {
    opener: 'The honest breakdown:',
    cta: 'Full details at the link in bio',
    proof: 'Checked it, tested it, kept it',
  },
  urgent: {
    opener: 'Heads up:',
    cta: "Don't wait on this one. Link in bio",
    proof: 'Add it to your cart before you forget',
  },
};
