export type MailMessage = { to: string; subject: string; text: string; html: string };
export type OutboxMessage = MailMessage & { id: string; links: string[]; createdAt: string };
export type Mailer = { describe: string; send(message: MailMessage): Promise<void> };

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

const decodeEntities = (value: string): string =>
  value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const IS_HTTP = /^https?:\/\//i;

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const count = (text: string, char: string) => text.split(char).length - 1;

// Prose puts punctuation right after a URL ("open https://x.test/a."); that is not part of it.
// A closing bracket stays only when the URL itself opened it, as in Wikipedia-style paths.
const trimTrailing = (url: string): string => {
  let out = url;
  for (let last = out.at(-1); last !== undefined; last = out.at(-1)) {
    const opener = CLOSERS[last];
    const isPunctuation = '.,;:!?\'"'.includes(last);
    const isUnbalanced = opener !== undefined && count(out, last) > count(out, opener);
    if (!isPunctuation && !isUnbalanced) break;
    out = out.slice(0, -1);
  }
  return out;
};

const bareUrls = (text: string): string[] =>
  Array.from(text.matchAll(BARE_URL), (m) => trimTrailing(m[0])).filter((u) => IS_HTTP.test(u));

/**
 * The unique http(s) links of a message, in order: bare URLs in the text body first (that is
 * where the action link of our own e-mails comes first), then the HTML's hrefs, then any bare
 * URLs in the HTML's text. Entities are decoded, since `&amp;` inside an href means `&`.
 */
export const extractLinks = (text: string, html: string): string[] => {
  const hrefs = Array.from(html.matchAll(HREF), (m) =>
    decodeEntities((m[1] ?? m[2] ?? m[3] ?? '').trim()),
  ).filter((u) => IS_HTTP.test(u));
  const htmlText = decodeEntities(html.replace(/<[^>]*>/g, ' '));
  return [...new Set([...bareUrls(text), ...hrefs, ...bareUrls(htmlText)])];
};
