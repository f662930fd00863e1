import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DRAFT_MAX_SLIDES } from '#contract/drafts';
import sampleSlideUrl from '../assets/sample-slide.svg';
import { getCollectionImagesQueryOptions, useCollections } from '../api/get-collections';
import type { CarouselEditorState, Slide } from '../lib/slides';
import { moveSlide, nextSlideId } from '../lib/slides';

/**
 * The carousel being edited: its slides, the selected slide, product, caption and hashtags.
 * `needsSampleImage` marks a new carousel, whose first slide gets a stock image
 * (docs/product/carousels.md rule 1).
 */
export const useCarouselEditor = (initial: CarouselEditorState, needsSampleImage: boolean) => {
  const queryClient = useQueryClient();
  const collections = useCollections();
  const [slides, setSlides] = useState<Slide[]>(initial.slides);
  const [selectedId, setSelectedId] = useState(initial.slides[0]?.id ?? '1');
  const [productId, setProductId] = useState(initial.productId);
  const [description, setDescription] = useState(initial.description);
  const [hashtags, setHashtags] = useState(initial.hashtags);

  const selectedIndex = Math.max(
    0,
    slides.findIndex((s) => s.id === selectedId),
  );
  const current = slides[selectedIndex] ?? slides[0];

  // docs/product/carousels.md rule 1: the default first slide shows the first image of the first
  // collection, or the bundled sample when there is none.
  const sampleWanted = useRef(needsSampleImage);
  // Until the sample is on the slide the carousel is as the user found it: auto-save takes its
  // baseline only then, so a draft nobody touched stays untouched and is reused (decision 030).
  const [samplePending, setSamplePending] = useState(needsSampleImage);
  useEffect(() => {
    if (!sampleWanted.current || collections.isPending) return;
    sampleWanted.current = false;
    const first = collections.data?.[0];
    void (async () => {
      let url: string = sampleSlideUrl;
      if (first) {
        try {
          const images = await queryClient.fetchQuery(getCollectionImagesQueryOptions(first.key));
          if (images[0]) url = images[0];
        } catch {
          /* the sample will do */
        }
      }
      setSlides((prev) =>
        prev.map((s) => (s.id === '1' && !s.imageUrl ? { ...s, imageUrl: url } : s)),
      );
      setSamplePending(false);
    })();
  }, [collections.data, collections.isPending, queryClient]);

  const updateCurrent = (patch: Partial<Slide>) =>
    setSlides((prev) => prev.map((s) => (s.id === current?.id ? { ...s, ...patch } : s)));

  const addSlide = () => {
    if (slides.length >= DRAFT_MAX_SLIDES) return;
    const id = nextSlideId(slides);
    setSlides((prev) => [...prev, { id, text: `Slide ${prev.length + 1}` }]);
    setSelectedId(id);
  };

  const deleteSlide = (id: string) => {
    if (slides.length <= 1) return;
    const at = slides.findIndex((s) => s.id === id);
    const next = slides.filter((s) => s.id !== id);
    setSlides(next);
    if (id === selectedId) setSelectedId((next[Math.min(at, next.length - 1)] ?? next[0])!.id);
  };

  // The selection follows the slide itself (it is kept by id), so it moves with it.
  const reorderSlide = (activeId: string, overId: string) =>
    setSlides((prev) => moveSlide(prev, activeId, overId));

  const state: CarouselEditorState = { slides, productId, description, hashtags };
  return {
    state,
    samplePending,
    current,
    selectedIndex,
    slidesWithImages: slides.filter((s) => Boolean(s.imageUrl)),
    setSlides,
    setSelectedId,
    setProductId,
    setDescription,
    setHashtags,
    updateCurrent,
    addSlide,
    deleteSlide,
    reorderSlide,
  };
};

export type CarouselEditor = ReturnType<typeof useCarouselEditor>;
