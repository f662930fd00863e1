import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { isPaymentRequired } from '@/lib/payment-required';
import { getCollectionImagesQueryOptions } from '../api/get-collections';
import { useGenerateCarouselPlan } from '../api/generate-carousel-plan';
import { useSelectImageCollection } from '../api/select-image-collection';
import { errorMessage } from '../lib/error-message';
import {
  applyPlanTexts,
  assignImagesCyclically,
  captionWithHashtags,
  planCaption,
  planCollection,
  planSlidePhotos,
  planSlideTexts,
  requestedSlideCount,
  withPlanPhotos,
  withUniqueIds,
} from '../lib/slides';
import type { SuggestOutcome } from '../lib/toasts';
import { MESSAGES, suggestAppliedMessage } from '../lib/toasts';
import type { CarouselEditor } from './use-carousel-editor';

/**
 * docs/product/carousels.md rule 2: AI Suggest, AI Pick and applying a collection to the slides,
 * each with its busy flag and its own toasts. A 402 opens the upgrade dialog instead (query
 * client), so it gets no second message here.
 */
export const useAiPlanActions = (editor: CarouselEditor) => {
  const queryClient = useQueryClient();
  const generatePlan = useGenerateCarouselPlan();
  const selectCollection = useSelectImageCollection();
  const [prompt, setPrompt] = useState('');
  const [selectedCollection, setSelectedCollection] = useState<string | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [picking, setPicking] = useState(false);
  const [applying, setApplying] = useState(false);
  const { slides, productId } = editor.state;

  const collectionImages = (key: string) =>
    queryClient.fetchQuery(getCollectionImagesQueryOptions(key));

  const suggest = async () => {
    if (!productId || suggesting) return;
    setSuggesting(true);
    try {
      let answer: unknown;
      try {
        answer = await generatePlan.mutateAsync({
          productId,
          slides: requestedSlideCount(slides),
          ...(prompt.trim() ? { prompt: prompt.trim() } : {}),
        });
      } catch (error) {
        if (!isPaymentRequired(error)) {
          toast({
            variant: 'destructive',
            title: MESSAGES.suggestFailed,
            description: errorMessage(error),
          });
        }
        return;
      }
      const texts = planSlideTexts(answer);
      if (texts.length === 0) {
        toast({ variant: 'destructive', ...MESSAGES.noPlan });
        return;
      }
      let next = withUniqueIds(applyPlanTexts(slides, texts));
      const plan = planCaption(answer);
      let outcome: SuggestOutcome;
      try {
        const key =
          planCollection(answer) ??
          (await selectCollection.mutateAsync({ slides: texts, productId }));
        if (!key) outcome = { kind: 'none' };
        else {
          const images = await collectionImages(key);
          if (images.length === 0) outcome = { kind: 'empty', key };
          else {
            next = assignImagesCyclically(next, images);
            outcome = { kind: 'applied', key };
          }
        }
      } catch {
        outcome = { kind: 'skipped' };
      }
      next = withPlanPhotos(next, planSlidePhotos(answer));
      editor.setSlides(next);
      editor.setSelectedId(next[0]!.id);
      if (plan.caption.trim() || plan.hashtags.length > 0) {
        editor.setDescription(captionWithHashtags(plan.caption, plan.hashtags));
        editor.setHashtags(plan.hashtags);
      }
      if (outcome.kind === 'applied' || outcome.kind === 'empty') {
        setSelectedCollection(outcome.key);
      }
      toast({
        title: 'AI plan applied',
        description: suggestAppliedMessage(texts.length, outcome),
      });
    } finally {
      setSuggesting(false);
    }
  };

  /** Fills every slide from a collection; false when it has no images. */
  const fillFrom = async (key: string) => {
    const images = await collectionImages(key);
    if (images.length === 0) {
      toast({ variant: 'destructive', ...MESSAGES.noImages });
      return false;
    }
    editor.setSlides((prev) => assignImagesCyclically(prev, images));
    setSelectedCollection(key);
    return true;
  };

  /** AI Pick chooses a collection for the current slides, then fills them. */
  const aiPick = async () => {
    if (picking) return;
    setPicking(true);
    const pickFailed = (description: string) =>
      toast({ variant: 'destructive', title: MESSAGES.pickFailed, description });
    try {
      let key: string | null;
      try {
        key = await selectCollection.mutateAsync({
          slides: slides.map((s) => ({ text: s.text })),
          productId: productId || null,
        });
      } catch (error) {
        if (!isPaymentRequired(error)) pickFailed(MESSAGES.pickError);
        return;
      }
      if (!key) {
        pickFailed(MESSAGES.pickNoCollection);
        return;
      }
      try {
        if (await fillFrom(key)) {
          toast({ title: 'AI Pick', description: `Applied ${slides.length} slides from ${key}` });
        }
      } catch {
        pickFailed(MESSAGES.pickError);
      }
    } finally {
      setPicking(false);
    }
  };

  /**
   * docs/product/carousels.md rule 3 "Apply to Slides"; true once the slides show the collection.
   */
  const applyCollection = async (key: string) => {
    if (applying) return false;
    setApplying(true);
    try {
      if (!(await fillFrom(key))) return false;
      toast({
        title: 'Collection applied',
        description: `Filled ${slides.length} slides from ${key}`,
      });
      return true;
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Collection not applied',
        description: errorMessage(error),
      });
      return false;
    } finally {
      setApplying(false);
    }
  };

  return {
    prompt,
    setPrompt,
    selectedCollection,
    setSelectedCollection,
    suggesting,
    picking,
    applying,
    suggest,
    aiPick,
    applyCollection,
  };
};
