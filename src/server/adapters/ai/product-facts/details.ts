// The details a product text names: price, timeframes, quantities, audience and pain point.

/** A pain point the seller named: "hate boring breakfasts" → { verb: 'hate', what: 'boring breakfasts' }. */
export type Pain = { verb: string; what: string };

const AUDIENCE_NOUN =
  /(?:ers|ors|ists|ians|ents|moms|mums|dads|parents|people|women|men|kids|girls|guys|boys|babies|owners|lovers|goers|fans|students|nurses|teachers|creators|families|couples|athletes|gamers|professionals|beginners|travellers|travelers|flyers|brides|newbies)$/;

const PRICE =
  /(?:[$€£]\s?\d{1,5}(?:[.,]\d{1,2})?|\d{1,5}(?:[.,]\d{1,2})?\s?(?:usd|eur|gbp|dollars|euros)\b)/i;

export const findPrice = (text: string): string | null => {
  const match = PRICE.exec(text);
  if (!match) return null;
  const raw = match[0].replace(/\s+/g, '');
  const amount = /\d{1,5}(?:[.,]\d{1,2})?/.exec(raw)?.[0] ?? '';
  const symbol = /^[€£]/.test(raw) ? raw[0] : /eur/i.test(raw) ? '€' : /gbp/i.test(raw) ? '£' : '$';
  return `${symbol}${amount.replace(/[.,]00$/, '')}`;
};

// Only "2 weeks", never "2-month bottle": the hyphenated form describes a size, not a result.
export const TIMEFRAME =
  /\b(\d{1,3})\s(seconds?|secs?|minutes?|mins?|hours?|days?|weeks?|months?)\b/gi;
// "40L carry-on": the word after a measure is taken whole, hyphen and all.
export const QUANTITY =
  /\b\d{1,4}(?:\.\d+)?\s?(?:g|kg|l|ml|oz|lbs?|%)(?:\s(?:of\s)?[a-z]+(?:-[a-z]+)*)?\b|\b\d{1,3}\s(?!seconds?|minutes?|hours?|days?|weeks?|months?|years?)[a-z]{3,}s\b/gi;

export const singular = (plural: string): string | null => {
  const words = plural.split(' ');
  const last = words.at(-1) ?? '';
  let one: string | null = null;
  if (last === 'people') one = 'person';
  else if (last === 'women') one = 'woman';
  else if (last === 'men') one = 'man';
  else if (last.endsWith('ies')) one = `${last.slice(0, -3)}y`;
  else if (last.endsWith('s')) one = last.slice(0, -1);
  return one ? [...words.slice(0, -1), one].join(' ') : null;
};

export const findAudience = (text: string): string | null => {
  for (const match of text.matchAll(/\bfor\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})/gi)) {
    const words = (match[1] ?? '').toLowerCase().split(/\s+/);
    const cut = words.findIndex((w) =>
      /^(?:who|that|and|with|in|on|to|or|of|at|from|every)$/.test(w),
    );
    const phrase = (cut === -1 ? words : words.slice(0, cut)).slice(0, 3);
    if (phrase.length === 0) continue;
    if (/^(?:the|a|an|your|my|our|their|all|any|up|only|just|less|more)$/.test(phrase[0] ?? ''))
      continue;
    // The noun ends the phrase; trailing words such as "busy moms everywhere" are cut back to it.
    const end = phrase.findLastIndex((w) => AUDIENCE_NOUN.test(w));
    if (end === -1) continue;
    return phrase.slice(0, end + 1).join(' ');
  }
  return null;
};

export const findPain = (text: string): Pain | null => {
  const match =
    /\bwho\s+(hate|hates|are tired of|struggle with|can't stand|never have time for|don't have time for|dread|skip)\s+([a-z][a-z\s-]{2,40}?)(?=[,.;!?]|\s+(?:and|but)\s|$)/i.exec(
      text,
    );
  if (!match?.[1] || !match[2]) return null;
  const verb = match[1].toLowerCase() === 'hates' ? 'hate' : match[1].toLowerCase();
  return { verb, what: match[2].trim().toLowerCase() };
};

export const uniqueBy = (items: string[]) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
