import { describe, expect, it } from 'vitest';
import { graphemes, paragraphsOf, wrapText } from './text-wrap';

// Every grapheme is 10 px wide and an emoji 20: enough to check the breaks without a font.
const width = (text: string) =>
  graphemes(text).reduce((sum, g) => sum + (/\p{Extended_Pictographic}/u.test(g) ? 20 : 10), 0);
const wrap = (text: string, maxWidth: number, limit?: number) =>
  wrapText(paragraphsOf(text), maxWidth, width, limit);

/** CSS's wrap, as the layouts had it before: each line as full as it can be. */
const greedy = (text: string, maxWidth: number) => {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraphsOf(text)[0]!) {
    const joined = line ? `${line} ${word}` : word;
    if (width(joined) <= maxWidth) line = joined;
    else {
      lines.push(line);
      line = word;
    }
  }
  return [...lines, line];
};

const HOOKS = [
  'POV: you finally found the blender that fits in your gym bag',
  'margarita night 🍹🍋 the juicer that fits a drawer',
  "I tried every juicer so you don't have to and this one wins",
  'Nobody told me a vitamin C serum could brighten dull skin in 2 weeks',
];

describe('text wrap', () => {
  it('leaves no word alone under the other lines', () => {
    const text = HOOKS[0]!;
    expect(greedy(text, 300).at(-1)).toBe('bag');
    expect(wrap(text, 300)).toEqual([
      'POV: you finally found',
      'the blender that fits',
      'in your gym bag',
    ]);
  });

  it('keeps a relative "that" with the clause it opens', () => {
    const text = 'The $12 gadget that fixed my mornings';
    expect(greedy(text, 230)).toEqual(['The $12 gadget that', 'fixed my mornings']);
    expect(wrap(text, 230)).toEqual(['The $12 gadget', 'that fixed my mornings']);
  });

  it('does not end a line on a word that starts what follows', () => {
    const text = HOOKS[1]!;
    expect(greedy(text, 300)).toEqual(['margarita night 🍹🍋 the', 'juicer that fits a drawer']);
    expect(wrap(text, 300)).toEqual(['margarita night 🍹🍋', 'the juicer that fits a drawer']);
  });

  it('breaks before a clause where the widths allow', () => {
    const text = HOOKS[2]!;
    expect(greedy(text, 250)).toEqual([
      'I tried every juicer so',
      "you don't have to and",
      'this one wins',
    ]);
    expect(wrap(text, 250)).toEqual([
      'I tried every juicer',
      "so you don't have to",
      'and this one wins',
    ]);
  });

  it('keeps a lone digit with the word after it', () => {
    const text = HOOKS[3]!;
    expect(greedy(text, 220).slice(-2)).toEqual(['brighten dull skin in', '2 weeks']);
    expect(wrap(text, 220)).toEqual([
      'Nobody told me',
      'a vitamin C serum',
      'could brighten dull',
      'skin in 2 weeks',
    ]);
  });

  it('takes as many lines as the greedy wrap, within the width, every word in order', () => {
    for (const text of HOOKS) {
      for (let maxWidth = 160; maxWidth <= 700; maxWidth += 10) {
        const lines = wrap(text, maxWidth);
        expect(lines).toHaveLength(greedy(text, maxWidth).length);
        for (const line of lines) expect(width(line)).toBeLessThanOrEqual(maxWidth);
        expect(lines.join(' ')).toBe(text);
      }
    }
  });

  it('starts a line at each newline and breaks each paragraph on its own', () => {
    expect(wrap('Day 1\n\nthis tiny press made all my juice for a week', 230)).toEqual([
      'Day 1',
      'this tiny press made',
      'all my juice for a week',
    ]);
  });

  it('cuts a word wider than the line between graphemes, never inside an emoji', () => {
    const lines = wrap(`${'x'.repeat(5)}👩‍🍳${'y'.repeat(5)}`, 70);
    expect(lines).toEqual(['xxxxx👩‍🍳', 'yyyyy']);
  });

  it('stops at the limit', () => {
    expect(wrap('a b c d e f g h i j k l m n o p', 30, 2)).toHaveLength(2);
  });
});
