import type { ProductFacts } from '../product-facts';
import { claimBase, isPluralNoun } from '../product-facts';
import { BEFORE_AFTER, STAYS } from './category-wording';
import {
  a,
  at,
  cap,
  claimAt,
  diaryDay,
  LONG_TIMEFRAME,
  noArticle,
  objectFeatures,
  strongClaimAt,
  actionClaimAt,
  traitAt,
} from './text-helpers';

// The hook formulas: hook patterns that work on TikTok, filled in with the product's own facts.

export type Angle =
  | 'pov'
  | 'curiosity'
  | 'listicle'
  | 'callout'
  | 'diary'
  | 'wait'
  | 'price'
  | 'before-after'
  | 'objection'
  | 'proof'
  | 'demo'
  | 'review';

/** A formula renders to alternatives from longest to shortest, or nothing when it lacks a fact. */
type Formula = {
  angle: Angle;
  render: (
    f: ProductFacts,
    slot: number,
  ) => string | (string | false | null | undefined)[] | false | null;
};

export const FORMULAS: Formula[] = [
  {
    angle: 'pov',
    render: (f, s) => {
      const claim = strongClaimAt(f, s);
      // "that actually is waterproof" reads badly; "that is actually waterproof" does not.
      const actually = claim?.startsWith('is ')
        ? `is actually ${claim.slice(3)}`
        : `actually ${claim}`;
      return !!claim && `POV: you finally found ${a(f.item)} that ${actually}`;
    },
  },
  {
    angle: 'pov',
    render: (f) =>
      !!f.audience && `POV: you're one of the ${f.audience} who just found this ${f.item}`,
  },
  {
    angle: 'pov',
    render: (f) => !!f.price && `POV: you spent ${f.price} on ${a(f.item)} and zero regrets`,
  },
  {
    angle: 'pov',
    render: (f) => [
      `POV: you stopped overthinking it and got the ${f.name}`,
      `POV: you stopped overthinking it and got the ${f.item}`,
    ],
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const claim = claimAt(f, s);
      if (!claim) return null;
      return [
        !!f.price && `I didn't expect ${a(`${f.price} ${f.item}`)} to ${claimBase(claim)}`,
        `I didn't expect ${a(f.item)} to ${claimBase(claim)}`,
        `I didn't expect ${a(f.head)} to ${claimBase(claim)}`,
      ];
    },
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const claim = claimAt(f, s + 1);
      return (
        !!claim && [
          `Nobody talks about how this ${f.item} ${claim}`,
          `Nobody talks about how this ${f.head} ${claim}`,
        ]
      );
    },
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const claim = actionClaimAt(f, s + 2);
      return !!claim && `Nobody told me ${a(f.item)} could ${claimBase(claim)}`;
    },
  },
  {
    angle: 'curiosity',
    render: (f, s) => {
      const trait = traitAt(f, s);
      return !!trait && `Why is nobody talking about this ${trait} ${f.item}?`;
    },
  },
  { angle: 'curiosity', render: (f) => `The ${f.item} I didn't know I needed` },
  { angle: 'listicle', render: (f) => `3 reasons this ${f.item} ${STAYS[f.category]}` },
  { angle: 'listicle', render: (f) => `3 things I wish I knew before buying ${a(f.item)}` },
  {
    angle: 'listicle',
    render: (f) => {
      const list = objectFeatures(f);
      if (list.length < 2) return null;
      const [first = '', second = '', third] = list;
      return [
        third && `${cap(first)}, ${second} and ${third}. All in one ${f.head}`,
        `${cap(first)} and ${second}. All in one ${f.head}`,
      ];
    },
  },
  {
    angle: 'listicle',
    render: (f) => [`Things I'd buy again: the ${f.name}`, `Things I'd buy again: this ${f.item}`],
  },
  {
    angle: 'callout',
    render: (f) =>
      !!f.pain && [
        `Stop scrolling if you ${f.pain.verb} ${f.pain.what}: this ${f.item} is for you`,
        `Stop scrolling if you ${f.pain.verb} ${f.pain.what}`,
      ],
  },
  {
    angle: 'callout',
    render: (f, s) => {
      // Only a real action: "if your serum doesn't have ferulic acid" is a spec, not a hook.
      const claim = actionClaimAt(f, s + 3);
      return !!claim && `Stop scrolling if your ${f.head} doesn't ${claimBase(claim)}`;
    },
  },
  {
    angle: 'callout',
    render: (f) =>
      !!f.audienceOne && `If you're ${a(f.audienceOne)}, you need to see this ${f.item}`,
  },
  {
    angle: 'callout',
    render: (f, s) => {
      const claim = claimAt(f, s);
      return !!f.audience && !!claim && `${cap(f.audience)}, this ${f.item} ${claim}`;
    },
  },
  {
    angle: 'diary',
    // Only a day count the seller wrote: "Day 14" of a collar nobody said was worn 14 days is
    // an invented claim (issue 27).
    render: (f) => {
      const day = diaryDay(f);
      return day !== null && `Day ${day} of using this ${f.item}: honest update`;
    },
  },
  {
    angle: 'diary',
    render: (f, s) => {
      const timeframe = at(
        f.timeframes.filter((t) => LONG_TIMEFRAME.test(t)),
        s,
      );
      return !!timeframe && `I used this ${f.item} for ${timeframe}. Here's what happened`;
    },
  },
  {
    angle: 'diary',
    render: (f) => {
      const timeframe = f.timeframes.find((t) => LONG_TIMEFRAME.test(t));
      return (
        !!timeframe && [
          `Rating the ${f.name} after ${timeframe}`,
          `Rating this ${f.item} after ${timeframe}`,
        ]
      );
    },
  },
  {
    angle: 'wait',
    render: (f, s) => {
      const feature = at(objectFeatures(f), s);
      return !!feature && `Wait for the ${noArticle(feature)} on this ${f.item}…`;
    },
  },
  {
    angle: 'wait',
    render: (f, s) => {
      const timeframe = at(f.timeframes, s);
      return !!timeframe && `Wait till you see what this ${f.item} does in ${timeframe}`;
    },
  },
  { angle: 'wait', render: (f) => !!f.price && `Wait for the price on this ${f.item}…` },
  {
    angle: 'price',
    render: (f, s) => {
      const claim = claimAt(f, s + 1);
      return !!f.price && !!claim && `This ${f.item} is only ${f.price} and it ${claim}`;
    },
  },
  {
    angle: 'price',
    render: (f, s) => {
      const claim = claimAt(f, s + 2);
      return !!f.price && !!claim && `${f.price} for ${a(f.item)} that ${claim}? Yes.`;
    },
  },
  {
    angle: 'price',
    render: (f) => !!f.price && `${f.price} and I'd rebuy this ${f.item} tomorrow`,
  },
  { angle: 'price', render: (f) => !!f.price && `Guess how much this ${f.item} costs` },
  {
    angle: 'before-after',
    render: (f) => `My ${BEFORE_AFTER[f.category]} before and after the ${f.item}`,
  },
  {
    angle: 'before-after',
    render: (f) => !!f.pain && `Before: ${f.pain.what}. After: this ${f.item}.`,
  },
  {
    angle: 'before-after',
    render: (f, s) => {
      const timeframe = at(
        f.timeframes.filter((t) => LONG_TIMEFRAME.test(t)),
        s + 1,
      );
      return !!timeframe && `Before vs after ${timeframe} with this ${f.item}`;
    },
  },
  {
    angle: 'objection',
    render: (f, s) => {
      const claim = claimAt(f, s + 1);
      return !!claim && `"Another ${f.head}?" Yes, because this one ${claim}`;
    },
  },
  { angle: 'objection', render: (f) => `I almost didn't buy this ${f.item}. So glad I did` },
  {
    angle: 'objection',
    // "Are the FreshPocket Bags worth it?": a name that ends in a plural noun takes "are".
    render: (f) => [
      `${isPluralNoun(f.name.split(' ').at(-1) ?? '') ? 'Are' : 'Is'} the ${f.name} worth it? Honest review`,
      `Is this ${f.item} worth it?`,
    ],
  },
  {
    angle: 'objection',
    render: (f, s) => {
      const claim = strongClaimAt(f, s + 2);
      return !!claim && `You don't need another ${f.head}. You need one that ${claim}`;
    },
  },
  {
    angle: 'objection',
    render: (f, s) => {
      const trait = traitAt(f, s + 1);
      return !!trait && `I didn't believe the ${trait} hype until I tried this ${f.item}`;
    },
  },
  { angle: 'proof', render: (f) => `The ${f.item} my friends keep asking about` },
  { angle: 'proof', render: (f) => `Everyone asks what I use. It's this ${f.item}` },
  { angle: 'proof', render: (f) => `Replying to everyone who asked about my ${f.item}` },
  {
    angle: 'proof',
    render: (f, s) => {
      // "20g protein?" reads as a boast; a bare measure ("40L?") says nothing on its own.
      const quantity = at(
        f.quantities.filter((q) => /\d\S*\s+\p{L}{3,}/u.test(q)),
        s,
      );
      return !!quantity && `${cap(quantity)}? This ${f.item} is not playing around`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const claim = claimAt(f, s);
      return !!claim && !/^(?:is|has)\s/.test(claim) && `Watch this ${f.item} ${claimBase(claim)}`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const claim = claimAt(f, s + 3);
      return !!claim && `Just ${a(f.item)} that ${claim}. That's the post`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const claim = claimAt(f, s + 4);
      const trait = traitAt(f, s);
      return !!claim && !!trait && !claim.includes(trait) && `This ${trait} ${f.item} ${claim}`;
    },
  },
  {
    angle: 'demo',
    render: (f, s) => {
      const feature = at(f.features, s + 1);
      if (!feature) return null;
      const thing = noArticle(feature);
      const verb = isPluralNoun(thing.split(' ').at(-1) ?? '') ? 'make' : 'makes';
      return `The ${thing} alone ${verb} this ${f.head} worth it`;
    },
  },
  { angle: 'review', render: (f) => `Don't buy ${a(f.item)} until you watch this` },
  {
    angle: 'review',
    render: (f) => [`Unboxing the ${f.name}: first impressions`, `Unboxing this ${f.item}`],
  },
  { angle: 'review', render: (f) => `If you only buy one ${f.head} this year, make it this one` },
  { angle: 'review', render: (f) => `Okay but why is this ${f.item} so good?` },
  // Fact-free formulas: a bare name still gets a full brief without a day count or a price
  // the seller never gave (issue 27 removed "Day 14" and "Under $30").
  { angle: 'review', render: (f) => `Is this ${f.item} worth the hype? My honest take` },
  { angle: 'curiosity', render: (f) => `What nobody tells you about the ${f.item}` },
  { angle: 'pov', render: (f) => `POV: the ${f.item} finally arrived` },
  { angle: 'demo', render: (f) => `Here's the ${f.item} up close` },
  { angle: 'listicle', render: (f) => `Everything I love about this ${f.item}` },
  { angle: 'proof', render: (f) => `I keep recommending this ${f.item} to everyone` },
  {
    angle: 'review',
    render: (f) => `Honest ${f.item} review from someone who almost returned it`,
  },
];
