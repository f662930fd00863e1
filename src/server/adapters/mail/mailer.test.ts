import { describe, expect, it } from 'vitest';
import { extractLinks } from './mailer';

describe('extractLinks', () => {
  it('finds bare URLs in text and hrefs in HTML, unique and in order', () => {
    const text =
      'Confirm here: https://app.test/confirm?token=a&next=%2F.\nOr visit http://app.test/help, thanks!';
    const html =
      '<p><a href="https://app.test/confirm?token=a&amp;next=%2F">Confirm</a>' +
      " <a href='https://app.test/logo'>logo</a> <a href=https://app.test/bare>x</a>" +
      ' <a href="mailto:support@app.test">mail</a> <a href="javascript:alert(1)">x</a>' +
      ' Also https://app.test/in-html-text.</p>';
    expect(extractLinks(text, html)).toEqual([
      'https://app.test/confirm?token=a&next=%2F',
      'http://app.test/help',
      'https://app.test/logo',
      'https://app.test/bare',
      'https://app.test/in-html-text',
    ]);
  });

  it('keeps balanced brackets and drops a closing one that belongs to the prose', () => {
    expect(
      extractLinks('See (https://en.test/wiki/Hook_(film)) and https://x.test/a)', ''),
    ).toEqual(['https://en.test/wiki/Hook_(film)', 'https://x.test/a']);
  });

  it('decodes numeric entities in hrefs and ignores non-http schemes', () => {
    expect(extractLinks('', '<a HREF = "https://x.test/?a=1&#38;b=2&#x26;c=3">x</a>')).toEqual([
      'https://x.test/?a=1&b=2&c=3',
    ]);
    expect(extractLinks('ftp://x.test and x.test', '<a href="/relative">r</a>')).toEqual([]);
  });
});
