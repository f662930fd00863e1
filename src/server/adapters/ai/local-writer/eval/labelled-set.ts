import type { AiProductInput } from '../../ai-writer';
import descriptions from './labelled-descriptions.json' with { type: 'json' };

/**
 * The labelled product descriptions of issue 27: written for this set before the writer was
 * tuned on it, in the way sellers write (bullets, typos, emoji, capitals, no price), each with
 * its category, its facts and, for some, the seller's ask (a carousel prompt), a campaign goal
 * and a tone. A fact's `cues` are the words (any one, matched on word starts) that show a line
 * uses it; an ask's `cues` show that the result follows it.
 */
export type FactKind = 'feature' | 'number' | 'audience' | 'benefit';
export type LabelledFact = { kind: FactKind; text: string; cues: string[] };
export type LabelledDescription = AiProductInput & {
  id: string;
  category: string;
  facts: LabelledFact[];
  ask?: { prompt: string; cues: string[] };
  goal?: { goal: string; cues: string[] };
  tone?: string;
};

export const LABELLED_DESCRIPTIONS = descriptions as LabelledDescription[];

/** FNV-1a of the id: the split never depends on the order of the file or on the writer. */
const fnv = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

export type SetPart = 'tuning' | 'held-out';

/** About a quarter of the set is held out: tuning looks only at the other part. */
export const partOf = (product: Pick<LabelledDescription, 'id'>): SetPart =>
  fnv(product.id) % 4 === 0 ? 'held-out' : 'tuning';

export const descriptionsOf = (part: SetPart) =>
  LABELLED_DESCRIPTIONS.filter((product) => partOf(product) === part);
