/**
 * What the Hook + Demo editor does on choosing a product (docs/product/hook-demo.md rule 2): load
 * its hooks, pick the one to pre-fill and tell whether its brief must be re-analysed first.
 */
import { hookKey, needsReanalysis, preferredHook } from '#contract/hook-rules';
import type { TProduct } from '#contract/products';
import { hooksToExclude } from './hook-history';

export type HookChoice = {
  /** The hooks the previous/next arrows cycle through: aiBrief.hooks, else its hooksSeeds. */
  hooks: string[];
  /** The first hook without a generic phrase, one not used lately when there is one. */
  prefill: string | null;
  /** Fewer than 20 stored hooks, or generic ones: POST /api/products/{id}/analyze {force:true}. */
  mustReanalyze: boolean;
};

const usable = (hooks: readonly string[] | undefined): string[] => {
  const seen = new Set<string>();
  return (hooks ?? []).filter((hook) => {
    const key = hookKey(hook);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** `recent` defaults to the product's last 30 used hooks in this browser. */
export const chooseHook = (
  product: Pick<TProduct, 'id' | 'name' | 'description' | 'aiBrief'>,
  recent: readonly string[] = hooksToExclude(product.id),
): HookChoice => {
  const stored = usable(product.aiBrief?.hooks);
  const hooks = stored.length > 0 ? stored : usable(product.aiBrief?.hooksSeeds);
  const used = new Set(recent.map(hookKey));
  const prefill =
    preferredHook(hooks.filter((hook) => !used.has(hookKey(hook)))) ?? preferredHook(hooks);
  return { hooks, prefill, mustReanalyze: needsReanalysis(product.aiBrief, product) };
};
