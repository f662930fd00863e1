import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TProduct } from '#contract/products';
import { toast } from '@/components/ui/use-toast';
import { chooseHook } from '@/lib/hooks/choose-hook';
import { hooksToExclude, rememberHook } from '@/lib/hooks/hook-history';
import { isPaymentRequired } from '@/lib/payment-required';
import { analyzeProduct } from '@/lib/products/analyze-product';
import { patchProductInCache } from '@/lib/products/get-products';
import { useGenerateVideoHook } from '../api/generate-video-hook';
import { errorMessage } from '../lib/error-message';
import type { DemoEditor } from './use-demo-editor';

/**
 * docs/product/hook-demo.md rule 2: the product's hooks behind the previous/next arrows, choosing a
 * product (which pre-fills its first suitable hook and re-analyses a weak brief,
 * docs/product/products.md rule 3) and "Regenerate with AI" (excluding the product's last 30 used
 * hooks).
 */
export const useHookActions = (editor: DemoEditor, products: TProduct[] | undefined) => {
  const queryClient = useQueryClient();
  const generate = useGenerateVideoHook();
  const { productId, hookText } = editor.state;
  // The arrows' list once an action set it; before that, the opened product's stored hooks
  // (the saved hook stays as it was).
  const [chosen, setChosen] = useState<{ productId: string; hooks: string[]; index: number }>();
  const [reanalyzing, setReanalyzing] = useState(false);
  const product = products?.find((p) => p.id === productId);
  const opened = useMemo(() => (product ? chooseHook(product).hooks : []), [product]);
  const own = chosen?.productId === productId ? chosen : null;
  const hooks = own?.hooks ?? opened;
  const index = own?.index ?? Math.max(0, opened.indexOf(hookText));
  const latestProduct = useRef(productId);
  useEffect(() => {
    latestProduct.current = productId;
  }, [productId]);

  /** POST /analyze {force:true}; the fresh hooks replace the list, and the pre-fill if untouched. */
  const reanalyze = async (product: TProduct, prefill: string | null) => {
    setReanalyzing(true);
    try {
      const { aiBrief } = await analyzeProduct(product.id, { force: true });
      patchProductInCache(queryClient, product.id, { aiBrief });
      const fresh = chooseHook({ ...product, aiBrief });
      if (latestProduct.current !== product.id) return;
      setChosen({ productId: product.id, hooks: fresh.hooks, index: 0 });
      if (fresh.prefill) {
        editor.setHookTextIf((current) => current === (prefill ?? ''), fresh.prefill);
      }
    } catch {
      // The stored hooks stay usable; the next choice of this product tries again.
    } finally {
      setReanalyzing(false);
    }
  };

  const chooseProduct = (id: string) => {
    editor.setProductId(id);
    latestProduct.current = id;
    const next = products?.find((p) => p.id === id);
    if (!next) {
      setChosen({ productId: id, hooks: [], index: 0 });
      return;
    }
    const choice = chooseHook(next);
    const at = choice.prefill ? choice.hooks.indexOf(choice.prefill) : 0;
    setChosen({ productId: id, hooks: choice.hooks, index: Math.max(0, at) });
    if (choice.prefill) editor.setHookText(choice.prefill);
    if (choice.mustReanalyze) void reanalyze(next, choice.prefill);
  };

  const step = (by: 1 | -1) => {
    if (hooks.length === 0) return;
    const next = (index + by + hooks.length) % hooks.length;
    setChosen({ productId, hooks, index: next });
    editor.setHookText(hooks[next]!);
  };

  const regenerate = async () => {
    if (!productId || generate.isPending) return;
    try {
      // The hook on screen is one the user wants replaced, used or not.
      const shown = hookText.trim();
      const exclude = [...(shown ? [shown] : []), ...hooksToExclude(productId)];
      const answer = await generate.mutateAsync({ productId, exclude });
      const hook = answer.hook.trim();
      if (!hook) throw new Error('No hook returned');
      const list = answer.hooks.length > 0 ? answer.hooks : [hook];
      setChosen({ productId, hooks: list, index: Math.max(0, list.indexOf(answer.hook)) });
      editor.setHookText(hook);
      rememberHook(productId, hook);
    } catch (error) {
      if (isPaymentRequired(error)) return;
      toast({ variant: 'destructive', title: 'AI Hook failed', description: errorMessage(error) });
    }
  };

  return {
    hooks,
    index,
    chooseProduct,
    previous: () => step(-1),
    next: () => step(1),
    regenerate: () => void regenerate(),
    regenerating: generate.isPending,
    reanalyzing,
  };
};
