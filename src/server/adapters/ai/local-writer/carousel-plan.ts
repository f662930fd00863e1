import type { TCarouselPlan } from '#contract/ai';
import { clampSlideCount } from '#contract/ai';
import { contentStems } from '#contract/hook-rules';
import type { AiProductInput, CarouselPlanOptions } from '../ai-writer';
import type { ProductFacts } from '../product-facts';
import { extractFacts } from '../product-facts';
import { hashtagsFor } from './brief';
import { PROBLEM } from './category-wording';
import { createRng, hashSeed } from '../../../seeded-random';
import { productSeed } from './seeded-random';
import { passesGate } from '../sentence-gate';
import { hooksOfUnit } from './fact-hooks';
import type { FactUnit } from './fact-units';
import { factUnitsOf, unitsUsedBy } from './fact-units';
import { chooseHooks, sourceOf } from './hook-choice';
import type { PromptAngle } from './steer';
import { GIVEN_HOOK, occasionOf, QUOTED_HOOK, readSteer, TONE_WORDING } from './steer';
import { a, at, cap, claimAlone, LONG_TIMEFRAME, noArticle, objectFeatures } from './text-helpers';

const SLIDE_MAX_CHARS = 80;

const BEATS: Record<number, string[]> = {
  3: ['hook', 'product', 'cta'],
  4: ['hook', 'problem', 'product', 'cta'],
  5: ['hook', 'problem', 'product', 'benefit', 'cta'],
  6: ['hook', 'problem', 'product', 'benefit', 'proof', 'cta'],
  7: ['hook', 'problem', 'product', 'benefit', 'benefit', 'proof', 'cta'],
  8: ['hook', 'problem', 'product', 'benefit', 'benefit', 'benefit', 'proof', 'cta'],
};

/** The hook formulas each angle of a prompt asks for. */
const ANGLE_HOOKS: Record<PromptAngle, RegExp> = {
  'before-after': /\bbefore\b/i,
  story: /^(?:Day \d+|I used|Rating|I almost)/,
  review: /\b(?:review|Unboxing|worth it)\b/i,
  listicle: /^\d+ (?:reasons|things)/,
  price: /[$€£]\d|\bprice\b|\bcosts\b/,
  gift: /\bgift\b/i,
};

/** A fact as a sentence of its own, for a slide or a caption. */
export const factSentence = (unit: FactUnit): string => {
  const text = unit.text.replace(/[.!?,]+$/, '');
  if (unit.kind === 'claim') return `It ${text}.`;
  if (unit.kind === 'trait') return `It's ${text}.`;
  if (unit.kind === 'audience')
    return `${cap(text.replace(/^(?:great|good|perfect)\s+for/i, 'Made for'))}.`;
  return `${cap(noArticle(text).replace(/^with\s+/i, 'With '))}.`;
};

/** The ways a caption ends, so the captions of one campaign do not all end alike. */
const CALLS = [
  'Link in bio.',
  'Tap the link in my bio.',
  'Grab yours from the link in bio.',
  'Shop it from my bio.',
  'The link is in my bio.',
  'Find it at the link in bio.',
  'Get yours through the link in bio.',
  'More at the link in bio.',
];
/** The campaign's occasion, said a different way by each item ("Spring pick: …" once). */
const OCCASION_LINES = (occasion: string, item: string) => [
  `${cap(occasion)} pick: the ${item}.`,
  `Just in time for ${occasion}.`,
  `Adding this to my ${occasion} list.`,
  `Made for ${occasion}.`,
  `My ${occasion} must-have.`,
  `${cap(occasion)}, sorted.`,
  `Ready for ${occasion}?`,
  `Saving this one for ${occasion}.`,
];
const PRICE_LINES = (price: string) => [
  `Only ${price}.`,
  `All for ${price}.`,
  `${price}, by the way.`,
];

/** "no seeds in your glass" → "Tired of seeds in your glass?": the seller's pain, in their words. */
const problemOf = (units: readonly FactUnit[]) => {
  for (const unit of units) {
    const match = /^(?:no|zero|without)\s+(.+)$/i.exec(unit.text);
    if (match?.[1] && !/\d/.test(match[1])) {
      const line = `Tired of ${match[1].replace(/[.!?,]+$/, '')}?`;
      if (passesGate(line)) return { line, unit };
    }
  }
  return null;
};

/**
 * A tone's opener before a hook: "Okay, obsessed: guess how much…", the hook going on in lower
 * case unless it starts with a name, "I" or a number. A hook that has a label of its own
 * ("POV: …") or starts the way the opener does ("Okay but…") keeps its own opening.
 */
export const withOpener = (opener: string, hook: string, name = ''): string | null => {
  const first = hook.split(/\s+/)[0] ?? '';
  const openerWord = opener.split(/[\s,:]+/)[0]?.toLowerCase();
  if (hook.includes(':') || first.toLowerCase().replace(/[^a-z]/g, '') === openerWord) return null;
  const keep =
    /^(?:I|I'[a-z]+)$/.test(first) ||
    /\d|[$€£"]/.test(first) ||
    /\p{Lu}/u.test(first.slice(1)) ||
    name.split(/\s+/).includes(first);
  return `${opener} ${keep ? hook : hook.charAt(0).toLowerCase() + hook.slice(1)}`;
};

/**
 * Whether a sentence says what another already said: most of the words that carry meaning in
 * the shorter one are in the other ("Resistance bands set of 5" after "… this set of resistance
 * bands").
 */
export const restates = (line: string, other: string): boolean => {
  const a = contentStems(line);
  const b = contentStems(other);
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size < 2) return false;
  return [...small].filter((w) => large.has(w)).length / small.size >= 0.6;
};

/** Slide texts that tell a mini story: hook → problem → product → benefits → proof → CTA. */
export const buildPlan = (
  product: AiProductInput,
  options: CarouselPlanOptions,
): Omit<TCarouselPlan, 'collection'> & { facts: ProductFacts } => {
  const prompt = [options.goal?.trim(), options.prompt?.trim()].filter(Boolean).join('. ');
  const steer = readSteer(options.goal, options.prompt);
  const facts = extractFacts(product);
  const source = sourceOf(product);
  // The prompt's own audience ("for new dads") beats the description's.
  const f: ProductFacts = steer.audience
    ? { ...facts, audience: steer.audience, audienceOne: null, audienceFromText: true }
    : facts;
  const random = createRng(productSeed(product, (options.seed ?? 0) + hashSeed(prompt))).next;
  const units = factUnitsOf(facts, product.description);
  const promptStems = contentStems(prompt.replace(QUOTED_HOOK, ''));
  const relevance = (text: string) =>
    [...contentStems(text)].filter((w) => promptStems.has(w)).length +
    2 * [...contentStems(text)].filter((w) => steer.focusStems.has(w)).length;
  // What the prompt asks about comes first; otherwise the seller's order is kept.
  const claims = [...f.claims].sort((x, y) => relevance(y) - relevance(x));
  const asked = units
    .filter((u) => relevance(u.text) > 0)
    .sort((x, y) => relevance(y.text) - relevance(x.text));
  const focusUnit = asked[0] ?? null;
  const wantsPrice = steer.angles.has('price');
  const slides = clampSlideCount(options.slides);
  const tone = steer.tone ? TONE_WORDING[steer.tone] : null;
  const occasion = occasionOf(options.goal);

  /** The first option that fits a slide and passes the sentence gate. */
  const fit = (...candidates: (string | false | null | undefined)[]) =>
    candidates.find(
      (x): x is string => !!x && x.length <= SLIDE_MAX_CHARS && passesGate(x, source),
    );

  const given = GIVEN_HOOK.exec(prompt)?.[1];
  const hooks = chooseHooks(product, f, {
    limit: 24,
    maxChars: SLIDE_MAX_CHARS,
    seed: Math.floor(random() * 2 ** 31),
  });
  const angleHook = [...steer.angles]
    .map((angle) => hooks.find((h) => ANGLE_HOOKS[angle].test(h)))
    .find(Boolean);
  const focusHook = focusUnit && fit(...hooksOfUnit(f, focusUnit, Math.floor(random() * 6)));
  const promptHook = hooks.find((h) => relevance(h) > 0);
  const plainHook =
    fit(given) ?? focusHook ?? angleHook ?? promptHook ?? hooks[0] ?? `Meet the ${f.item}`;
  const hook = (tone && fit(withOpener(tone.opener, plainHook, f.name))) || plainHook;
  // A campaign item's own hook opens its caption even when it is too long for a slide.
  const givenOk = !!given && given !== plainHook && passesGate(given, source);
  const captionHook = givenOk ? ((tone && withOpener(tone.opener, given, f.name)) ?? given) : hook;
  const said = new Set([...unitsUsedBy(hook, units), ...unitsUsedBy(captionHook, units)]);
  // The asked-for fact counts as said only when the hook says what was asked, not a word of it.
  const hookStems = contentStems(hook);
  const focusSaid =
    !!focusUnit &&
    (steer.focusStems.size > 0
      ? [...steer.focusStems].every((w) => hookStems.has(w))
      : said.has(focusUnit));

  const benefitTexts: string[] = [];
  const addBenefit = (...candidates: (string | false | null | undefined)[]) => {
    const text = fit(...candidates);
    if (text && !benefitTexts.includes(text)) benefitTexts.push(text);
  };
  if (focusUnit && !focusSaid) addBenefit(factSentence(focusUnit).replace(/\.$/, ''));
  if (steer.focus && !focusUnit) addBenefit(`${cap(steer.focus)}: the ${f.item}`);
  if (steer.audience) addBenefit(`Made for ${steer.audience}`);
  // Every fact the hook did not say, in the seller's order after the asked ones; who it is for
  // after what it does, which a description may hold only inside its product phrase ("a press
  // that squeezes a lime in one go…, for home bartenders").
  const notSaid = [...asked, ...units].filter((unit) => !said.has(unit));
  for (const unit of notSaid.filter((u) => u.kind !== 'audience')) {
    addBenefit(factSentence(unit).replace(/\.$/, ''));
  }
  for (const claim of claims) addBenefit(claimAlone(claim));
  for (const unit of notSaid.filter((u) => u.kind === 'audience')) {
    addBenefit(factSentence(unit).replace(/\.$/, ''));
  }
  const list = objectFeatures(f);
  if (list.length >= 2) {
    addBenefit(
      list.length >= 3 && `${cap(list[0]!)}, ${list[1]} and ${list[2]}`,
      `${cap(list[0]!)} and ${list[1]}`,
    );
  }
  if (f.audience) addBenefit(`Made for ${f.audience}`);
  addBenefit(`Small thing, big difference: the ${f.item}`);

  const productText = fit(
    f.traits[0] && f.price && `Meet the ${f.name}: ${f.traits[0]}, only ${f.price}`,
    f.price && `Meet the ${f.name}: only ${f.price}`,
    f.traits[0] && `Meet the ${f.name}: ${f.traits.slice(0, 2).join(' and ')}`,
    f.traits[0] && `Meet the ${f.name}: ${f.traits[0]}`,
    `Meet the ${f.name}`,
    `Meet the ${f.item}`,
  )!;

  const longTimeframe = f.timeframes.find((t) => LONG_TIMEFRAME.test(t));
  const proofOptions = [
    longTimeframe && `${cap(longTimeframe)} in and I'm not going back`,
    f.audience && `${cap(f.audience)} keep asking me where it's from`,
    `Honestly? The ${f.head} earned a permanent spot`,
    `My friends made me send them the link`,
  ].filter((x): x is string => !!x && x.length <= SLIDE_MAX_CHARS && passesGate(x, source));
  const proof =
    tone?.proof ??
    at(proofOptions, Math.floor(random() * proofOptions.length)) ??
    'Would buy again';

  const ctaOptions = steer.angles.has('gift')
    ? [`Save this for gift season: the ${f.item}`, 'The gift they will actually use. Link in bio']
    : f.price
      ? [`Only ${f.price}. Tap the link to get yours`, `${f.price} well spent. Link in bio`]
      : [`Get your ${f.item}: link in bio`, `Save this and tap the link to get yours`];
  const cta =
    (!steer.angles.has('gift') && tone?.cta) ||
    fit(at(ctaOptions, Math.floor(random() * ctaOptions.length)), 'Link in bio')!;

  const pain = problemOf(units);
  const problem =
    fit(
      f.pain && f.pain.verb === 'hate' && `Tired of ${f.pain.what}?`,
      f.pain && `You ${f.pain.verb} ${f.pain.what} too?`,
      pain?.line,
      PROBLEM[f.category],
      `Still looking for ${a(f.item)} that actually works?`,
    ) ?? `Still looking for ${a(f.item)} that actually works?`;

  let benefitIndex = 0;
  const texts: string[] = [];
  for (const beat of BEATS[slides]!) {
    let text: string;
    if (beat === 'hook') text = hook;
    else if (beat === 'problem') text = problem;
    else if (beat === 'product') {
      // With three slides there is no benefit slide, so the product slide carries the best fact.
      text = slides === 3 ? (benefitTexts[0] ?? productText) : productText;
    } else if (beat === 'benefit') text = benefitTexts[benefitIndex++] ?? productText;
    else if (beat === 'proof') text = proof;
    else {
      text =
        (wantsPrice && f.price && !cta.includes(f.price) && fit(`Only ${f.price}. ${cta}`)) || cta;
    }
    texts.push(text);
  }

  // The caption adds what the hook did not say, one fact in a sentence, and ends in a way
  // picked by the plan's seed, so neither it nor a campaign's captions repeat themselves.
  const hookSentence = captionHook.replace(/[.…]+$/, '') + (/[?!]$/.test(captionHook) ? '' : '.');
  const unsaid = units.filter((u) => !said.has(u));
  // A campaign item's place picks its ending, so eight items end eight ways.
  const variant = options.variant;
  const pick = <T>(items: readonly T[]) =>
    items[variant !== undefined ? variant % items.length : Math.floor(random() * items.length)];
  const factLine =
    [focusUnit && !focusSaid ? focusUnit : null, pick(unsaid), ...unsaid]
      .filter((u): u is FactUnit => !!u)
      .map(factSentence)
      .find((line) => passesGate(line, source) && !restates(line, hookSentence)) ?? '';
  const hookText = hookSentence.toLowerCase();
  const occasionLine =
    occasion && (fit(pick(OCCASION_LINES(occasion, f.item))) || fit(`Made for ${occasion}.`));
  const sentences = [
    hookSentence,
    occasionLine,
    factLine,
    f.price && !`${hookText} ${factLine}`.toLowerCase().includes(f.price.toLowerCase())
      ? pick(PRICE_LINES(f.price))
      : '',
    steer.audience && !hookText.includes(steer.audience) ? `Made for ${steer.audience}.` : '',
    pick(CALLS),
  ].filter((x): x is string => !!x && passesGate(x, source));
  // A sentence that says again what an earlier one said is left out (issue 27); the occasion,
  // which the campaign asked for, stays.
  const caption = sentences
    .filter(
      (x, i) =>
        x === occasionLine ||
        !sentences.slice(0, i).some((earlier) => earlier !== occasionLine && restates(x, earlier)),
    )
    .join(' ');

  return {
    slides: texts.map((text) => ({ text })),
    caption,
    hashtags: hashtagsFor(f).slice(0, 6),
    facts: f,
  };
};
