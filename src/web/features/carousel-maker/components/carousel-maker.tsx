import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LayoutGrid, Loader2, RotateCw, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DRAFT_MAX_SLIDES } from '#contract/drafts';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { isPaymentRequired } from '@/lib/payment-required';
import { cn } from '@/lib/utils';
import { buildCarouselZip } from '@/lib/slide-render';
import sampleSlideUrl from '../assets/sample-slide.svg';
import { useCarouselDraft } from '../api/get-draft';
import { getCollectionImagesQueryOptions, useCollections } from '../api/get-collections';
import { useMyImages } from '../api/get-image-list';
import { useProducts } from '@/lib/products/get-products';
import { useGenerateCarouselPlan } from '../api/generate-carousel-plan';
import { useSelectImageCollection } from '../api/select-image-collection';
import { useUploadCarouselImages } from '../api/upload-carousel-images';
import { useAutoSave } from '../hooks/use-auto-save';
import { useGenerationGuard } from '../hooks/use-generation-guard';
import { downloadBlob } from '../lib/download';
import { errorMessage } from '../lib/error-message';
import type { SaveStatus } from '../lib/save-scheduler';
import type { CarouselEditorState, Slide } from '../lib/slides';
import {
  applyPlanTexts,
  assignImagesCyclically,
  captionWithHashtags,
  defaultSlide,
  editorStateFromDraft,
  nextSlideId,
  planCaption,
  planCollection,
  planSlideTexts,
  requestedSlideCount,
  withUniqueIds,
} from '../lib/slides';
import type { SuggestOutcome } from '../lib/toasts';
import { MESSAGES, suggestAppliedMessage } from '../lib/toasts';
import { CarouselUploadDialog } from './carousel-upload-dialog';
import { CollectionDialog } from './collection-dialog';
import { ImageSelection } from './image-selection';
import { PreviewDialog } from './preview-dialog';
import { PreviewPanel } from './preview-panel';
import { ProductRow } from './product-row';
import { SlidesPanel } from './slides-panel';

export type CarouselMakerProps = {
  /** The open draft (spec 02 §2.2); without one nothing is saved. */
  draftId?: string;
  onBack: () => void;
  /** The app's upgrade dialog, for the generation guard (spec 02 §6). */
  openUpgradeDialog: (reason: string) => void;
  initialSlides?: { text: string; imageUrl?: string }[];
  initialCaption?: string;
  initialHashtags?: string[];
  initialProductId?: string;
};

const SAVE_TEXT: Record<SaveStatus, string> = {
  idle: '',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: "Couldn't save. Retrying on your next change.",
};

const MakerHeader = ({ onBack, saveStatus }: { onBack: () => void; saveStatus?: SaveStatus }) => (
  <header className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
    <Button type="button" variant="outline" size="sm" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
    {/* Phones: Back, status and Tools on one row, the title under them. */}
    <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
      <h1 className="text-2xl font-semibold tracking-tight">Carousel Maker</h1>
      <p className="text-sm text-muted-foreground">Photo (Carousel)</p>
    </div>
    <p
      role="status"
      className={cn(
        'ml-auto text-xs sm:ml-0',
        saveStatus === 'error' ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      {saveStatus ? SAVE_TEXT[saveStatus] : ''}
    </p>
    <Button asChild variant="outline" size="sm">
      <Link to="/create">
        <LayoutGrid aria-hidden="true" />
        Tools
      </Link>
    </Button>
  </header>
);

/** Spec 02 §2.2: loads the draft, then opens the editor on what it holds. */
export const CarouselMaker = (props: CarouselMakerProps) => {
  const { draftId, onBack } = props;
  const draft = useCarouselDraft(draftId);

  if (draftId && draft.isError) {
    return (
      <>
        <MakerHeader onBack={onBack} />
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <p className="font-medium">This draft couldn&apos;t be opened.</p>
          <p className="text-sm text-muted-foreground">It may have been deleted.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void draft.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </>
    );
  }
  // Only a copy fetched now: a cached one could predate the last auto-save.
  if (draftId && !(draft.data && draft.isFetchedAfterMount)) {
    return (
      <>
        <MakerHeader onBack={onBack} />
        <div role="status" aria-label="Loading draft" className="space-y-6">
          <Skeleton className="h-44 w-full rounded-xl" />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
            <Skeleton className="h-[32rem] w-full rounded-xl" />
            <Skeleton className="h-[32rem] w-full rounded-xl" />
          </div>
        </div>
      </>
    );
  }

  const saved = draft.data ? editorStateFromDraft(draft.data) : null;
  const fromProps: CarouselEditorState | null = props.initialSlides?.length
    ? {
        slides: props.initialSlides.map((s, i) => ({ ...s, id: String(i + 1) })),
        productId: props.initialProductId ?? '',
        description: props.initialCaption ?? '',
        hashtags: props.initialHashtags ?? [],
      }
    : null;
  const initial = saved ??
    fromProps ?? {
      slides: [defaultSlide()],
      productId: props.initialProductId ?? '',
      description: props.initialCaption ?? '',
      hashtags: props.initialHashtags ?? [],
    };
  return (
    <CarouselEditor
      key={draftId ?? 'unsaved'}
      {...props}
      initial={initial}
      needsSampleImage={!saved && !fromProps}
    />
  );
};

type CarouselEditorProps = CarouselMakerProps & {
  initial: CarouselEditorState;
  /** A new carousel: its first slide gets a sample stock image (spec 02 §3). */
  needsSampleImage: boolean;
};

const CarouselEditor = ({
  draftId,
  onBack,
  openUpgradeDialog,
  initial,
  needsSampleImage,
}: CarouselEditorProps) => {
  const queryClient = useQueryClient();
  const { isAuthenticated } = useAuth();
  const [slides, setSlides] = useState<Slide[]>(initial.slides);
  const [selectedId, setSelectedId] = useState(initial.slides[0]?.id ?? '1');
  const [productId, setProductId] = useState(initial.productId);
  const [description, setDescription] = useState(initial.description);
  const [hashtags, setHashtags] = useState(initial.hashtags);
  const [prompt, setPrompt] = useState('');
  const [selectedCollection, setSelectedCollection] = useState<string | null>(null);
  const [collectionDialog, setCollectionDialog] = useState<{ open: boolean; drill: string | null }>(
    { open: false, drill: null },
  );
  const [previewOpen, setPreviewOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [picking, setPicking] = useState(false);
  const [applying, setApplying] = useState(false);
  const [generating, setGenerating] = useState(false);

  const products = useProducts();
  const collections = useCollections();
  const myImages = useMyImages(isAuthenticated);
  const generatePlan = useGenerateCarouselPlan();
  const selectCollection = useSelectImageCollection();
  const upload = useUploadCarouselImages();
  const guard = useGenerationGuard(openUpgradeDialog);
  const saveStatus = useAutoSave(draftId, { slides, productId, description, hashtags });

  const selectedIndex = Math.max(
    0,
    slides.findIndex((s) => s.id === selectedId),
  );
  const current = slides[selectedIndex] ?? slides[0];

  // Spec 02 §3: the default first slide shows the first image of the first collection, or the
  // bundled sample when there is none.
  const sampleWanted = useRef(needsSampleImage);
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

  const collectionImages = (key: string) =>
    queryClient.fetchQuery(getCollectionImagesQueryOptions(key));

  /** Spec 02 §4: AI Suggest, every outcome with its own toast (§8). */
  const onSuggest = async () => {
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
        // A 402 opens the upgrade dialog instead (query client); no second message.
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
      setSlides(next);
      setSelectedId(next[0]!.id);
      if (plan.caption.trim() || plan.hashtags.length > 0) {
        setDescription(captionWithHashtags(plan.caption, plan.hashtags));
        setHashtags(plan.hashtags);
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
    setSlides((prev) => assignImagesCyclically(prev, images));
    setSelectedCollection(key);
    return true;
  };

  /** Spec 02 §4: AI Pick chooses a collection for the current slides, then fills them. */
  const onAiPick = async () => {
    if (picking) return;
    setPicking(true);
    try {
      let key: string | null;
      try {
        key = await selectCollection.mutateAsync({
          slides: slides.map((s) => ({ text: s.text })),
          productId: productId || null,
        });
      } catch (error) {
        if (!isPaymentRequired(error)) {
          toast({
            variant: 'destructive',
            title: MESSAGES.pickFailed,
            description: MESSAGES.pickError,
          });
        }
        return;
      }
      if (!key) {
        toast({
          variant: 'destructive',
          title: MESSAGES.pickFailed,
          description: MESSAGES.pickNoCollection,
        });
        return;
      }
      try {
        if (await fillFrom(key)) {
          toast({ title: 'AI Pick', description: `Applied ${slides.length} slides from ${key}` });
        }
      } catch {
        toast({
          variant: 'destructive',
          title: MESSAGES.pickFailed,
          description: MESSAGES.pickError,
        });
      }
    } finally {
      setPicking(false);
    }
  };

  /** Spec 02 §2.2 "Apply to Slides". */
  const onApplyCollection = async (key: string) => {
    if (applying) return;
    setApplying(true);
    try {
      if (await fillFrom(key)) {
        toast({
          title: 'Collection applied',
          description: `Filled ${slides.length} slides from ${key}`,
        });
        setCollectionDialog({ open: false, drill: null });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Collection not applied',
        description: errorMessage(error),
      });
    } finally {
      setApplying(false);
    }
  };

  const onUpload = (files: File[]) => {
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (images.length === 0) {
      toast({
        variant: 'destructive',
        title: MESSAGES.uploadFailed,
        description: 'Only image files can be uploaded.',
      });
      return;
    }
    upload.mutate(images, {
      onError: (error) => {
        const network = error instanceof TypeError;
        toast({
          variant: 'destructive',
          title: MESSAGES.uploadFailed,
          description: network
            ? MESSAGES.uploadNetwork
            : error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : MESSAGES.uploadFailedDefault,
        });
      },
    });
  };

  const slidesWithImages = slides.filter((s) => Boolean(s.imageUrl));

  const onPreview = () => {
    if (slidesWithImages.length === 0) {
      toast({ variant: 'destructive', ...MESSAGES.noImagesPreview });
      return;
    }
    setPreviewOpen(true);
  };

  /** Spec 02 §2.2, §6: guarded; downloads carousel_{timestamp}.zip. */
  const onGenerate = async () => {
    if (generating) return;
    setGenerating(true);
    try {
      if (!(await guard())) return;
      if (slidesWithImages.length === 0) {
        toast({ variant: 'destructive', ...MESSAGES.noImagesGenerate });
        return;
      }
      const zip = await buildCarouselZip(
        slides.map((s) => ({ text: s.text, imageUrl: s.imageUrl })),
        description,
      );
      downloadBlob(zip.blob, zip.fileName);
      toast(MESSAGES.generated(zip.count));
    } catch {
      toast({ variant: 'destructive', ...MESSAGES.generateFailed });
    } finally {
      setGenerating(false);
    }
  };

  const onOpenUpload = async () => {
    if (await guard()) setUploadOpen(true);
  };

  const aiBusy = suggesting || picking;

  return (
    <>
      <MakerHeader onBack={onBack} saveStatus={draftId ? saveStatus : undefined} />

      <SlidesPanel
        slides={slides}
        selectedId={current?.id ?? ''}
        onSelect={setSelectedId}
        onAdd={addSlide}
        onDelete={deleteSlide}
      />

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
        <section
          aria-labelledby="edit-slide-heading"
          className="space-y-6 rounded-xl border bg-card p-5 shadow-sm"
        >
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="edit-slide-heading" className="text-base font-semibold">
              Edit Slide
            </h2>
            <span className="text-sm text-muted-foreground">Slide {selectedIndex + 1}</span>
          </div>

          <ProductRow
            products={products.data}
            productId={productId}
            onProductChange={setProductId}
            prompt={prompt}
            onPromptChange={setPrompt}
            onSuggest={() => void onSuggest()}
            suggesting={suggesting}
          />

          <div className="space-y-2">
            <Label htmlFor="carousel-slide-text">Slide Text</Label>
            <Textarea
              id="carousel-slide-text"
              value={current?.text ?? ''}
              onChange={(e) => updateCurrent({ text: e.target.value })}
              placeholder="The words on this slide"
              rows={3}
              maxLength={1000}
            />
          </div>

          <ImageSelection
            collections={collections.isError ? [] : collections.data}
            selectedCollection={selectedCollection}
            onSelectCollection={setSelectedCollection}
            onOpenCollection={(key) => setCollectionDialog({ open: true, drill: key })}
            onBrowseMore={() => setCollectionDialog({ open: true, drill: null })}
            onApplySelected={() => selectedCollection && void onApplyCollection(selectedCollection)}
            applying={applying}
            onAiPick={() => void onAiPick()}
            picking={picking}
            aiBusy={aiBusy}
            myImages={
              isAuthenticated ? (myImages.data ?? (myImages.isPending ? undefined : [])) : undefined
            }
            myImagesLoading={isAuthenticated && myImages.isPending}
            currentImageUrl={current?.imageUrl}
            onPickImage={(url) => updateCurrent({ imageUrl: url })}
            onUpload={onUpload}
            uploading={upload.isPending}
          />
        </section>

        <div className="lg:sticky lg:top-0">
          <PreviewPanel
            slide={current}
            position={selectedIndex + 1}
            total={slides.length}
            onPreview={onPreview}
            onGenerate={() => void onGenerate()}
            generating={generating}
            description={description}
            onDescriptionChange={setDescription}
            onUpload={() => void onOpenUpload()}
          />
        </div>
      </div>

      <CollectionDialog
        open={collectionDialog.open}
        onOpenChange={(open) =>
          setCollectionDialog((d) => ({ open, drill: open ? d.drill : null }))
        }
        collections={collections.data ?? []}
        selectedKey={selectedCollection}
        onSelect={setSelectedCollection}
        drillKey={collectionDialog.drill}
        onDrillKeyChange={(drill) => setCollectionDialog({ open: true, drill })}
        currentImageUrl={current?.imageUrl}
        onPickImage={(url) => updateCurrent({ imageUrl: url })}
        onApply={(key) => void onApplyCollection(key)}
        applying={applying}
      />
      <PreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} slides={slidesWithImages} />
      <CarouselUploadDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        slides={slides}
        description={description}
        draftId={draftId}
      />

      {suggesting ? (
        <div
          role="status"
          aria-live="assertive"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-background/85 backdrop-blur-sm"
        >
          <div className="relative flex size-16 items-center justify-center rounded-2xl bg-accent text-primary shadow-lg">
            <Sparkles aria-hidden="true" className="size-7" />
            <Loader2 aria-hidden="true" className="absolute size-16 animate-spin text-primary/30" />
          </div>
          <p className="text-lg font-semibold">Preparing AI suggestions…</p>
        </div>
      ) : null}
    </>
  );
};
