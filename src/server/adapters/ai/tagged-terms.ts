import nlp from 'compromise';

/** One word as compromise (a part-of-speech tagger with an English lexicon) read it. */
export type TaggedTerm = {
  text: string;
  normal?: string;
  tags: string[];
  pre: string;
  post: string;
};

// Tagging a sentence takes about a millisecond, and the writer reads the same description, the
// same slot fillers and the same candidate lines again for every hook, slide and caption it
// weighs: most of its time went to tagging text it had tagged before. Bounded, and cleared
// whole when full, so a long-running server keeps at most this many.
/** A term as compromise keeps it inside a document (its tags a set). */
type RawTerm = Omit<TaggedTerm, 'tags'> & { tags: Set<string> };

const MEMO_LIMIT = 20_000;
const memo = new Map<string, readonly TaggedTerm[]>();

/**
 * What `nlp(text)` computes after its tokenizer, less the chunker: the full build's last step,
 * which groups tagged words into noun and verb chunks that no caller of `termsOf` reads. The
 * tags are the same (checked on every text of the writer's labelled set); the tagging takes
 * about a tenth less time.
 */
const TOKENIZED = new Set(['contractions', 'alias', 'machine']);
const TAGGING = nlp.hooks().filter((hook) => hook !== 'chunks' && !TOKENIZED.has(hook));

/**
 * The words of a text with their tags, each in its sentence's context, in order. Shared between
 * callers: read it, never change it.
 */
export const termsOf = (text: string): readonly TaggedTerm[] => {
  const known = memo.get(text);
  if (known) return known;
  // The document's own term objects, copied: `.terms().json()` gives the same words and tags
  // but builds a full JSON view of each term, twice the time.
  const terms = (nlp.tokenize(text).compute(TAGGING).docs as RawTerm[][]).flat().map((t) => ({
    text: t.text,
    normal: t.normal,
    tags: [...t.tags],
    pre: t.pre,
    post: t.post,
  }));
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(text, terms);
  return terms;
};
