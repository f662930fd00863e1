import { Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { TDraft } from '#contract/drafts';
import { DraftGate } from '@/components/editor/draft-gate';
import { EditorHeader } from '@/components/editor/editor-header';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth/auth-provider';
import { useProducts } from '@/lib/products/get-products';
import { useCollections } from '../api/get-collections';
import { useMyImages } from '../api/get-image-list';
import { useAiPlanActions } from '../hooks/use-ai-plan-actions';
import { useAutoSave } from '../hooks/use-auto-save';
import { useCarouselEditor } from '../hooks/use-carousel-editor';
import { useCarouselExport } from '../hooks/use-carousel-export';
import { useImageUpload } from '../hooks/use-image-upload';
import type { CarouselEditorState } from '../lib/slides';
import { defaultSlide, editorStateFromDraft } from '../lib/slides';
import { CarouselUploadDialog } from './carousel-upload-dialog';
import { CollectionDialog } from './collection-dialog';
import { ImageSelection } from './image-selection';
import { PreviewDialog } from './preview-dialog';
import { PreviewPanel } from './preview-panel';
import { ProductRow } from './product-row';
import { SlidesPanel } from './slides-panel';

export type CarouselMakerProps = {
  /** The open draft (docs/product/create.md rule 4); without one nothing is saved. */
  draftId?: string;
  onBack: () => void;
  /** The app's upgrade dialog, for the generation guard (docs/product/create.md rule 5). */
  openUpgradeDialog: (reason: string) => void;
  initialSlides?: { text: string; imageUrl?: string }[];
  initialCaption?: string;
  initialHashtags?: string[];
  initialProductId?: string;
  /** The campaign item this carousel saves back to; a draft made from one names it itself. */
  campaignItemId?: string;
};

/**
 * docs/product/create.md rule 3: a draft made from a campaign item carries
 * `assets.originCampaignItemId`.
 */
const originItemOf = (assets: Record<string, unknown> | undefined) => {
  const id = assets?.originCampaignItemId;
  return typeof id === 'string' && id ? id : undefined;
};

const HEADER = { title: 'Carousel Maker', subtitle: 'Photo (Carousel)' };

/** What the editor opens on: the saved draft, else the slides it was given, else one sample slide. */
const openedCarousel = (props: CarouselMakerProps, draft: TDraft | undefined) => {
  const saved = draft ? editorStateFromDraft(draft) : null;
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
  return { initial, needsSampleImage: !saved && !fromProps };
};

/** docs/product/create.md rule 4: loads the draft, then opens the editor on what it holds. */
export const CarouselMaker = (props: CarouselMakerProps) => (
  <DraftGate
    draftId={props.draftId}
    header={<EditorHeader {...HEADER} onBack={props.onBack} />}
    skeleton={
      <>
        <Skeleton className="h-44 w-full rounded-xl" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
          <Skeleton className="h-[32rem] w-full rounded-xl" />
          <Skeleton className="h-[32rem] w-full rounded-xl" />
        </div>
      </>
    }
  >
    {(draft) => (
      <CarouselEditorView
        key={props.draftId ?? 'unsaved'}
        {...props}
        campaignItemId={props.campaignItemId ?? originItemOf(draft?.assets)}
        {...openedCarousel(props, draft)}
      />
    )}
  </DraftGate>
);

type CarouselEditorProps = CarouselMakerProps & {
  initial: CarouselEditorState;
  /**
   * A new carousel: its first slide gets a sample stock image (docs/product/carousels.md rule 1).
   */
  needsSampleImage: boolean;
};

/** The editor's layout; its state and actions live in the hooks. */
const CarouselEditorView = ({
  draftId,
  onBack,
  openUpgradeDialog,
  initial,
  needsSampleImage,
  campaignItemId,
}: CarouselEditorProps) => {
  const { isAuthenticated } = useAuth();
  const [collectionDialog, setCollectionDialog] = useState<{ open: boolean; drill: string | null }>(
    { open: false, drill: null },
  );
  const products = useProducts();
  const collections = useCollections();
  const myImages = useMyImages(isAuthenticated);
  const editor = useCarouselEditor(initial, needsSampleImage);
  const ai = useAiPlanActions(editor);
  const exporter = useCarouselExport(editor, openUpgradeDialog);
  const { uploadImages, uploading } = useImageUpload();
  const saveStatus = useAutoSave(draftId, editor.state, editor.samplePending, campaignItemId);
  const { current, selectedIndex } = editor;
  const { slides, productId, description } = editor.state;

  const applyCollection = async (key: string) => {
    if (await ai.applyCollection(key)) setCollectionDialog({ open: false, drill: null });
  };

  return (
    <>
      <EditorHeader {...HEADER} onBack={onBack} saveStatus={draftId ? saveStatus : undefined} />

      <SlidesPanel
        slides={slides}
        selectedId={current?.id ?? ''}
        onSelect={editor.setSelectedId}
        onAdd={editor.addSlide}
        onDelete={editor.deleteSlide}
        onMove={editor.reorderSlide}
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
            onProductChange={editor.setProductId}
            prompt={ai.prompt}
            onPromptChange={ai.setPrompt}
            onSuggest={() => void ai.suggest()}
            suggesting={ai.suggesting}
          />

          <div className="space-y-2">
            <Label htmlFor="carousel-slide-text">Slide Text</Label>
            <Textarea
              id="carousel-slide-text"
              value={current?.text ?? ''}
              onChange={(e) => editor.updateCurrent({ text: e.target.value })}
              placeholder="The words on this slide"
              rows={3}
              maxLength={1000}
            />
          </div>

          <ImageSelection
            collections={collections.isError ? [] : collections.data}
            selectedCollection={ai.selectedCollection}
            onSelectCollection={ai.setSelectedCollection}
            onOpenCollection={(key) => setCollectionDialog({ open: true, drill: key })}
            onBrowseMore={() => setCollectionDialog({ open: true, drill: null })}
            onApplySelected={() =>
              ai.selectedCollection && void applyCollection(ai.selectedCollection)
            }
            applying={ai.applying}
            onAiPick={() => void ai.aiPick()}
            picking={ai.picking}
            aiBusy={ai.suggesting || ai.picking}
            myImages={
              isAuthenticated ? (myImages.data ?? (myImages.isPending ? undefined : [])) : undefined
            }
            myImagesLoading={isAuthenticated && myImages.isPending}
            currentImageUrl={current?.imageUrl}
            onPickImage={(url) => editor.updateCurrent({ imageUrl: url })}
            onUpload={uploadImages}
            uploading={uploading}
          />
        </section>

        <div className="lg:sticky lg:top-0">
          <PreviewPanel
            slide={current}
            position={selectedIndex + 1}
            total={slides.length}
            onPreview={exporter.preview}
            onGenerate={() => void exporter.generate()}
            generating={exporter.generating}
            description={description}
            onDescriptionChange={editor.setDescription}
            onUpload={() => void exporter.openUpload()}
          />
        </div>
      </div>

      <CollectionDialog
        open={collectionDialog.open}
        onOpenChange={(open) =>
          setCollectionDialog((d) => ({ open, drill: open ? d.drill : null }))
        }
        collections={collections.data ?? []}
        selectedKey={ai.selectedCollection}
        onSelect={ai.setSelectedCollection}
        drillKey={collectionDialog.drill}
        onDrillKeyChange={(drill) => setCollectionDialog({ open: true, drill })}
        currentImageUrl={current?.imageUrl}
        onPickImage={(url) => editor.updateCurrent({ imageUrl: url })}
        onApply={(key) => void applyCollection(key)}
        applying={ai.applying}
      />
      <PreviewDialog
        open={exporter.previewOpen}
        onOpenChange={exporter.setPreviewOpen}
        slides={editor.slidesWithImages}
      />
      <CarouselUploadDialog
        open={exporter.uploadOpen}
        onOpenChange={exporter.setUploadOpen}
        slides={slides}
        description={description}
        draftId={draftId}
      />

      {ai.suggesting ? (
        // Near-opaque instead of a backdrop blur: with the spinner turning over it, the browser
        // blurred the whole page again on every frame, a full core while the AI works (decision 252).
        <div
          role="status"
          aria-live="assertive"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-background/95"
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
