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
import { hookCandidates } from './hook-candidates';
import type { PromptAngle } from './steer';
import { readSteer, TONE_WORDING } from './steer';
import { a, at, cap, claimAlone, LONG_TIMEFRAME, objectFeatures } from './text-helpers';

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

/** Slide texts that tell a mini story: hook → problem → product → benefits → proof → CTA. */
export const buildPlan = (
  product: AiProductInput,
  options: CarouselPlanOptions,
): Omit<TCarouselPlan, 'collection'> & { facts: ProductFacts } => {
  const prompt = [options.goal?.trim(), options.prompt?.trim()].filter(Boolean).join('. ');
  const steer = readSteer(options.goal, options.prompt);
  const facts = extractFacts(product);
  // The prompt's own audience ("for new dads") beats the description's.
  const f: ProductFacts = steer.audience
    ? { ...facts, audience: steer.audience, audienceOne: null, audienceFromText: true }
    : facts;
  const random = createRng(productSeed(product, (options.seed ?? 0) + hashSeed(prompt))).next;
  const promptStems = contentStems(prompt);
  const relevance = (text: string) =>
    [...contentStems(text)].filter((w) => promptStems.has(w)).length +
    2 * [...contentStems(text)].filter((w) => steer.focusStems.has(w)).length;
  // What the prompt asks about comes first; otherwise the seller's order is kept.
  const claims = [...f.claims].sort((x, y) => relevance(y) - relevance(x));
  const focusClaim = steer.focus && claims[0] && relevance(claims[0]) > 0 ? claims[0] : null;
  const wantsPrice = steer.angles.has('price');
  const slides = clampSlideCount(options.slides);
  const tone = steer.tone ? TONE_WORDING[steer.tone] : null;

  const fit = (...options: (string | false | null | undefined)[]) =>
    options.find((x): x is string => !!x && x.length <= SLIDE_MAX_CHARS);

  const hooks = [...hookCandidates(f, Math.floor(random() * 2 ** 31), SLIDE_MAX_CHARS)];
  const angleHook = [...steer.angles]
    .map((angle) => hooks.find((h) => ANGLE_HOOKS[angle].test(h)))
    .find(Boolean);
  const promptHook = hooks.find((h) => relevance(h) > 0);
  const focusHook =
    steer.focus &&
    fit(
      focusClaim && `${cap(steer.focus)}? This ${f.item} ${focusClaim}`,
      focusClaim && `${cap(steer.focus)}? This ${f.head} ${focusClaim}`,
      `${cap(steer.focus)}? Meet the ${f.item}`,
    );
  const plainHook = focusHook ?? angleHook ?? promptHook ?? hooks[0] ?? `Meet the ${f.item}`;
  const hook = (tone && fit(`${tone.opener} ${plainHook}`)) || plainHook;

  const benefitTexts: string[] = [];
  if (steer.focus) {
    const focusSlide = fit(
      focusClaim && `Why it works for ${steer.focus}: it ${focusClaim}`,
      `All about ${steer.focus}`,
    );
    if (focusSlide) benefitTexts.push(focusSlide);
  }
  if (steer.audience) benefitTexts.push(`Made for ${steer.audience}`);
  for (const claim of claims) benefitTexts.push(claimAlone(claim));
  const list = objectFeatures(f);
  if (list.length >= 2) {
    const features = fit(
      list.length >= 3 && `${cap(list[0]!)}, ${list[1]} and ${list[2]}`,
      `${cap(list[0]!)} and ${list[1]}`,
    );
    if (features) benefitTexts.push(features);
  }
  if (f.quantities[0]) benefitTexts.push(`${cap(f.quantities[0])}, no compromises`);
  if (f.audience) benefitTexts.push(`Made for ${f.audience}`);
  benefitTexts.push(`Small thing, big difference: the ${f.item}`);

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
  ].filter((x): x is string => !!x && x.length <= SLIDE_MAX_CHARS);
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

  const problem =
    f.pain && f.pain.verb === 'hate'
      ? `Tired of ${f.pain.what}?`
      : f.pain
        ? `You ${f.pain.verb} ${f.pain.what} too?`
        : (PROBLEM[f.category] ?? `Still looking for ${a(f.item)} that actually works?`);

  let benefitIndex = 0;
  const texts: string[] = [];
  for (const beat of BEATS[slides]!) {
    let text: string;
    if (beat === 'hook') text = hook;
    else if (beat === 'problem') text = problem;
    else if (beat === 'product') {
      // With three slides there is no benefit slide, so the product slide carries the best claim.
      text =
        slides === 3
          ? (fit(claims[0] && `The ${f.name} ${claims[0]}`, claims[0] && `It ${claims[0]}`) ??
            productText)
          : productText;
    } else if (beat === 'benefit') text = benefitTexts[benefitIndex++] ?? productText;
    else if (beat === 'proof') text = proof;
    else text = wantsPrice && f.price && !cta.includes(f.price) ? `Only ${f.price}. ${cta}` : cta;
    texts.push(text.length > SLIDE_MAX_CHARS ? `${text.slice(0, SLIDE_MAX_CHARS - 1)}…` : text);
  }

  // The caption adds what the hook did not say: a claim or the price already in the hook would
  // read as the same sentence twice.
  const said = hook.toLowerCase();
  const firstClaim = claims.find((claim) => !said.includes(claim.toLowerCase()));
  const caption = [
    hook.replace(/[.…]+$/, '') + (/[?!]$/.test(hook) ? '' : '.'),
    firstClaim
      ? `${firstClaim.startsWith('is ') ? "It's" : 'It'} ${firstClaim.replace(/^is\s/, '')}.`
      : '',
    f.price && !said.includes(f.price.toLowerCase()) ? `Only ${f.price}.` : '',
    steer.audience && !said.includes(steer.audience) ? `Made for ${steer.audience}.` : '',
    'Link in bio.',
  ]
    .filter(Boolean)
    .join(' ');

  return {
    slides: texts.map((text) => ({ text })),
    caption,
    hashtags: hashtagsFor(f).slice(0, 6),
    facts: f,
  };
};
