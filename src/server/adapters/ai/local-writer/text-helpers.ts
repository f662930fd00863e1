import type { ProductFacts } from '../product-facts';

// Small language helpers and the pickers of facts that hooks and slides quote.

export const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a" or "an" before a phrase, by its first sound as far as spelling tells. */
export const a = (phrase: string) =>
  /^(?:[aeio]|u(?!s|ni|ti|ro)|8|11(?!\d)|18(?!\d)|hour|honest)/i.test(phrase.replace(/^[$€£]/, ''))
    ? `an ${phrase}`
    : `a ${phrase}`;

export const noArticle = (phrase: string) => phrase.replace(/^(?:a|an|the)\s+/i, '');

export const at = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** "$24" → "$25", "$89" → "$90": a round number just above the price, for "under $X" hooks. */
export const roundUpPrice = (price: string) => {
  const amount = Number(/[\d.]+/.exec(price.replace(',', '.'))?.[0]);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const step = amount < 20 ? 5 : amount < 100 ? 10 : amount < 500 ? 50 : 100;
  const ceiling = Math.ceil((amount + 0.01) / step) * step;
  return `${price.replace(/[\d.,]+/, '')}${ceiling}`;
};

export const LONG_TIMEFRAME = /\b(?:days?|weeks?|months?)$/;

/** The diary day for "Day N of using…": only from the seller's own timeframe, else none. */
export const diaryDay = (f: ProductFacts): number | null => {
  for (const timeframe of f.timeframes) {
    const [n, unit] = timeframe.split(' ');
    if (!unit?.startsWith('day')) continue;
    const days = Number(n);
    if (days >= 2 && days <= 60) return days;
  }
  return null;
};

export const claimAt = (f: ProductFacts, slot: number) => at(f.claims, slot);
/** Claims with a real verb; "is magnetic" reads badly after "that actually" or "one that". */
export const strongClaimAt = (f: ProductFacts, slot: number) => {
  const strong = f.claims.filter((c) => !/^is\s/.test(c));
  return at(strong.length > 0 ? strong : f.claims, slot);
};
/** Claims that do something ("brews", "folds"), not "has …", "is …", "uses …" or "fits …". */
export const actionClaimAt = (f: ProductFacts, slot: number) =>
  at(
    f.claims.filter((c) => !/^(?:is|has|fits|comes|includes|uses|holds)\s/.test(c)),
    slot,
  );
/** A claim as a slide or sentence of its own: "is ready in 5 minutes" → "Ready in 5 minutes". */
export const claimAlone = (claim: string) => cap(claim.replace(/^(?:is|has)\s+/, ''));
export const traitAt = (f: ProductFacts, slot: number) => at(f.traits, slot);
export const objectFeatures = (f: ProductFacts) => f.features.filter((x) => /^(?:a|an)\s/i.test(x));
