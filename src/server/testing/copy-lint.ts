import dictionaryEn from 'dictionary-en';
import { retext } from 'retext';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextRepeatedWords from 'retext-repeated-words';
import retextSpell from 'retext-spell';

/**
 * A prose linter for the writers' copy: retext's English parser with the indefinite-article,
 * repeated-words and spelling checks. The spelling check knows the words of the product text
 * (brand names, "momme", "pakkawood") and the few words of TikTok copy a dictionary lacks.
 */
const TIKTOK_TERMS = ['POV', 'TikTok', 'tiktok', 'unboxing', 'rebuy', 'skincare', 'haircare'];

export type CopyFinding = { text: string; message: string; rule: string };

const wordsOf = (text: string) =>
  text
    .split(/[^\p{L}\p{N}'-]+/u)
    .flatMap((w) => [w, ...w.split('-')])
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);

/**
 * Loading the dictionary takes about a second, so one linter serves many products: it is given
 * all their texts at once.
 */
export const createCopyLinter = (productTexts: string[]) => {
  const productText = productTexts.join(' ');
  // A seller's sentence-initial capital is grammar, so the lower-case word is theirs too.
  const sellerWords = wordsOf(productText).flatMap((w) => [
    w,
    w.replace(/s$/, ''),
    w.charAt(0).toLowerCase() + w.slice(1),
  ]);
  const capitalised = sellerWords.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  const allow = [...new Set([...TIKTOK_TERMS, ...sellerWords, ...capitalised])];
  const processor = retext()
    .use(retextEnglish)
    .use(retextIndefiniteArticle)
    .use(retextRepeatedWords)
    .use(retextSpell, { dictionary: dictionaryEn, ignore: allow, max: 1 });
  /** Every text is its own paragraph of one document: one parse, findings mapped back by line. */
  return async (texts: string[]): Promise<CopyFinding[]> => {
    const unique = [...new Set(texts.map((t) => t.replace(/\s+/g, ' ').trim()))];
    const file = await processor.process(unique.join('\n\n'));
    return file.messages.map((message) => ({
      text: unique[((message.line ?? 1) - 1) / 2] ?? '',
      message: message.reason,
      rule: `${message.source}:${message.ruleId}`,
    }));
  };
};

/** Whether the English dictionary knows a word as written ("cream" yes, "bluetooth" no). */
export const createDictionary = () => {
  const processor = retext()
    .use(retextEnglish)
    .use(retextSpell, { dictionary: dictionaryEn, max: 1 });
  return async (word: string) => (await processor.process(word)).messages.length === 0;
};
