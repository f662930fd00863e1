/**
 * Line breaking for the text drawn over pictures: hooks on videos (hook-demo.ts) and slide text
 * on carousel images (slide-layout.ts), in the browser and on the server alike. Pure: text is
 * measured through a callback.
 */

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** User-perceived characters, so a long word is never split inside an emoji or accent. */
export const graphemes = (text: string) =>
  segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);

export type TextWidth = (text: string) => number;

/** The text's paragraphs (a newline starts one), each as its words; blank lines are dropped. */
export const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((p) => p.split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);

/**
 * Greedy word wrap like CSS's: as many words on a line as fit in `maxWidth`; a word wider than a
 * whole line is cut between graphemes. Stops once `limit` lines exist.
 */
const greedy = (words: string[], maxWidth: number, width: TextWidth, limit: number) => {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const joined = line ? `${line} ${word}` : word;
    if (width(joined) <= maxWidth) {
      line = joined;
      continue;
    }
    if (line) {
      lines.push(line);
      if (lines.length >= limit) return lines;
    }
    line = '';
    if (width(word) <= maxWidth) {
      line = word;
      continue;
    }
    for (const g of graphemes(word)) {
      if (line && width(line + g) > maxWidth) {
        lines.push(line);
        if (lines.length >= limit) return lines;
        line = g;
      } else {
        line += g;
      }
    }
  }
  lines.push(line);
  return lines;
};

/**
 * Words that read as the start of what follows them. Left at the end of a line, such a word
 * leaves the reader hanging ("margarita night 🍹🍋 the / juicer that fits a drawer"), which
 * headline setters avoid. "that" opens the clause after it ("The $12 gadget / that fixed my
 * mornings"); "this" and "these" are left out: held back, they split more product names across
 * lines ("this travel / backpack") than they mended in docs/writer-samples.md.
 */
const LEADING_WORDS = new Set(
  // Not "to" or "for", which end many a hook ("so you don't have to", "what I was looking for").
  'a an the my your our their its that of and or but nor with from into onto in on because when if until'.split(
    ' ',
  ),
);
/** Words that start a clause: a line break before one falls where a reader pauses. */
const CLAUSE_WORDS = new Set('and but or so because when if then until while'.split(' '));
/** A word ending in punctuation or an emoji closes a phrase ("POV:", "Day 1,", "night 🍹"). */
const CLOSES_PHRASE = /[,.:;!?…)\]"”]$|\p{Extended_Pictographic}\uFE0F?$/u;

const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}']/gu, '');

/**
 * What a line break between two words costs, in the units of a line's squared slack: half a
 * line's width squared after a hanging word, after a lone digit ("in 2 / weeks") or before a lone
 * letter ("vitamin / C serum"), and a bonus of a sixth's where the reader pauses.
 */
const breakCost = (before: string, after: string, maxWidth: number) => {
  const tornApart =
    LEADING_WORDS.has(bare(before)) ||
    /^\p{N}$/u.test(before) ||
    (/^\p{L}$/u.test(after) && !/^[Ia]$/i.test(after));
  if (tornApart) return (maxWidth / 2) ** 2;
  if (CLOSES_PHRASE.test(before) || CLAUSE_WORDS.has(bare(after))) return -((maxWidth / 6) ** 2);
  return 0;
};

/**
 * One paragraph's lines as a headline setter breaks them: as many lines as the greedy wrap needs at
 * `maxWidth`, no more, with the breaks of least cost, found over all of them (the dynamic
 * programme of Knuth and Plass's line breaking, on a paragraph of a few words). Each line costs
 * its squared slack, the last one too, so the lines of a centred block come out alike in width
 * (as CSS's `text-wrap: balance` sets headings); a last line of one word costs a whole line's
 * width squared, so no word is left alone under the others ("…fits in your gym / bag"); each
 * break adds `breakCost`. A paragraph with a word cut between graphemes keeps the greedy lines.
 */
const brokenWell = (words: string[], maxWidth: number, width: TextWidth, limit: number) => {
  const lines = greedy(words, maxWidth, width, limit);
  const count = lines.length;
  if (count < 2 || count >= limit) return lines;
  if (words.some((word) => width(word) > maxWidth)) return lines;
  const n = words.length;
  // runs[first][last]: the width of words first..last on one line, while it fits.
  const runs: number[][] = words.map((_, first) => {
    const row: number[] = [];
    let text = '';
    for (let last = first; last < n; last++) {
      text = text ? `${text} ${words[last]}` : words[last]!;
      const w = width(text);
      if (w > maxWidth) break;
      row[last] = w;
    }
    return row;
  });
  // cost[k][end]: the least cost of words 0..end-1 on k lines; start[k][end]: where line k starts.
  const cost = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const start = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(0));
  cost[0]![0] = 0;
  for (let k = 1; k <= count; k++) {
    for (let end = k; end <= n; end++) {
      for (let first = k - 1; first < end; first++) {
        const w = runs[first]![end - 1];
        const before = cost[k - 1]![first]!;
        if (w === undefined || before === Infinity) continue;
        const slack = maxWidth - w;
        const lone = end - first === 1;
        const total =
          before +
          slack * slack +
          (k < count
            ? breakCost(words[end - 1]!, words[end]!, maxWidth)
            : lone
              ? maxWidth * maxWidth
              : 0);
        if (total < cost[k]![end]!) {
          cost[k]![end] = total;
          start[k]![end] = first;
        }
      }
    }
  }
  const out: string[] = [];
  for (let k = count, end = n; k > 0; k--) {
    const first = start[k]![end]!;
    out.unshift(words.slice(first, end).join(' '));
    end = first;
  }
  return out;
};

/**
 * Wraps the paragraphs into lines no wider than `maxWidth`, each paragraph broken where a reader
 * would break it (`brokenWell`). Stops once `limit` lines exist, since more is all a caller that shrinks its text
 * needs to know.
 */
export const wrapText = (
  paragraphs: string[][],
  maxWidth: number,
  width: TextWidth,
  limit = Number.POSITIVE_INFINITY,
) => {
  const lines: string[] = [];
  for (const words of paragraphs) {
    lines.push(...brokenWell(words, maxWidth, width, limit - lines.length));
    if (lines.length >= limit) return lines.slice(0, limit);
  }
  return lines;
};

/**
 * How many lines `wrapText` makes of the paragraphs, found without choosing its breaks: it takes
 * the greedy wrap's count. A caller that tries sizes until the text fits asks this at each size.
 */
export const countLines = (paragraphs: string[][], maxWidth: number, width: TextWidth) =>
  paragraphs.reduce(
    (sum, words) => sum + greedy(words, maxWidth, width, Number.POSITIVE_INFINITY).length,
    0,
  );
