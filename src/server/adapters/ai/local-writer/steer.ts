import { contentStems } from '#contract/hook-rules';
import { passesGate } from '../sentence-gate';

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

/** "for new dads", "for first-time buyers", "for hot yoga people": a plural audience. */
const AUDIENCE =
  /\bfor\s+((?:[a-z][a-z'-]*\s){0,3}(?:[a-z][a-z'-]*s|people|men|women|children|folks)(?:\s+(?:who|with)\s+[a-z' ]{2,40}[a-z])?)\b/i;
const FOCUS =
  /\b(?:focus(?:ing)?\s+on|about|highlight(?:ing)?|show(?:ing)?(?:\s+off)?|emphasi[sz]e|talk about|mention(?:ing)?|explain(?:ing)?|lean(?:ing)? into|make it)\s+(?:that\s+)?(?:the\s+|its\s+|how\s+)?([a-z0-9][a-z0-9' -]{1,40}?)(?=[,.;!?]|\s+(?:and|with|in|for)\s|$)/i;
/** "the no-seeds part": the words that name the thing, not the pointer to it. */
const POINTER = /\s+(?:part|bit|side|aspect|thing|angle|feature)$/i;
/** A campaign item quotes its hook ("Open with this hook: "…""); its words are not a request. */
// A hook may quote ("\"Another pillowcase?\" Yes, …"): it runs to the last quote of its line.
export const QUOTED_HOOK = /open with this hook:\s*"[^\n]*"/gi;
export const GIVEN_HOOK = /open with this hook:\s*"([^\n]+)"/i;

export const readSteer = (...texts: (string | undefined)[]): Steer => {
  const text = texts.filter(Boolean).join('. ').replace(QUOTED_HOOK, '').trim();
  const asked = FOCUS.exec(text)?.[1]?.trim().toLowerCase().replace(POINTER, '') ?? null;
  // "Focus on the price" or "on gifting" is an angle, and "make it playful" a tone, which the
  // slides already follow; "how the product fixes it" names nothing (issue 27) and is no focus.
  const isAngle = !!asked && ANGLE_WORDS.some(([, re]) => re.test(asked));
  const isTone = !!asked && TONE_WORDS.some(([, re]) => re.test(asked));
  const names = !!asked && passesGate(`${asked.charAt(0).toUpperCase()}${asked.slice(1)}?`);
  const focus = asked && !isAngle && !isTone && names ? asked : null;
  const audience = AUDIENCE.exec(text)?.[1]?.toLowerCase() ?? null;
  return {
    tone: TONE_WORDS.find(([, re]) => re.test(text))?.[0] ?? null,
    audience,
    focus,
    focusStems: contentStems(focus ?? ''),
    angles: new Set(ANGLE_WORDS.filter(([, re]) => re.test(text)).map(([angle]) => angle)),
  };
};

const OCCASION_NOISE = /\s+(?:campaign|push|guide|angle|rush|week|sale)$/i;
const CAPITALS =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter|halloween|thanksgiving|valentine's day|mother's day|father's day|black friday|cyber monday|new year)\b/gi;

/**
 * The occasion a campaign goal names ("spring cleaning week", "dry january push"), which every
 * item of the campaign says once: its first part, less the tone, audience and request words.
 */
export const occasionOf = (goal: string | undefined): string | null => {
  const first = goal?.split(/[,.;]/)[0]?.trim() ?? '';
  if (!first || FOCUS.test(first) || /^for\s/i.test(first)) return null;
  // "Grow sales this month" is what every campaign wants, not an occasion to name.
  if (/^(?:grow|boost|increase|drive|get|sell|make|more|promote)\b/i.test(first)) return null;
  const words = first
    .replace(AUDIENCE, '')
    .replace(OCCASION_NOISE, '')
    .replace(OCCASION_NOISE, '')
    .trim();
  if (!words || TONE_WORDS.some(([, re]) => re.test(words) && words.split(' ').length === 1)) {
    return null;
  }
  const out = words
    .toLowerCase()
    .replace(CAPITALS, (w) => w.replace(/(^|\s)\S/g, (c) => c.toUpperCase()));
  return out.split(' ').length <= 5 ? out : null;
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
    proof: 'Calm, cozy and quietly my favorite part of the day',
  },
  bold: {
    opener: 'Hot take:',
    cta: "Don't overthink it. Link in bio",
    proof: 'No notes. I would buy it again',
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
