import { useQueryClient } from '@tanstack/react-query';
import { Images } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PREMADE_CHARACTERS_INLINE } from '#contract/characters';
import { DEMO_DEFAULT_TITLE, faceBoxFor, fitHookOverlay } from '#contract/hook-demo';
import { productVideoOriginalPath } from '#contract/user-videos';
import { DraftGate } from '@/components/editor/draft-gate';
import { EditorHeader } from '@/components/editor/editor-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicConfig } from '@/lib/public-config';
import { VideoUploadDialog } from '@/components/tiktok/video-upload-dialog';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';
import { signProductVideos, useProductVideos } from '@/lib/product-videos';
import { useProducts } from '@/lib/products/get-products';
import { queryKeys } from '@/lib/query-keys';
import { useGenerationGuard } from '@/lib/use-generation-guard';
import { useCharacterLibrary, usePremadeCharacters } from '../api/characters';
import { removePostedDraft } from '../api/remove-posted-draft';
import { useDemoAutoSave } from '../hooks/use-demo-auto-save';
import { useDemoEditor } from '../hooks/use-demo-editor';
import { useDemoRender } from '../hooks/use-demo-render';
import { useHookActions } from '../hooks/use-hook-actions';
import { useProductVideoUpload } from '../hooks/use-product-video-upload';
import type { OpenedDemo } from '../lib/demo-state';
import { DEFAULT_PACING, demoFromDraft, emptyDemoState, pacingOf } from '../lib/demo-state';
import { generateBlocker } from '../lib/generate-checks';
import { hookFontsReady, measureHookText } from '../lib/hook-measure';
import { lastVideoKey } from '../lib/last-video';
import { HookSection } from './hook-section';
import { PreviewPanel } from './preview-panel';
import { ProductVideoSection } from './product-video-section';
import { UgcMediaSection } from './ugc-media-section';

export type HookDemoEditorProps = {
  /** The open draft (docs/product/hook-demo.md rule 1); without one nothing is saved. */
  draftId?: string;
  onBack: () => void;
  /** The app's upgrade dialog, for the generation guard (docs/product/create.md rule 5). */
  openUpgradeDialog: (reason: string) => void;
  initialHookText?: string;
  initialProductId?: string;
  initialAssets?: { selectedCharacter?: string | null; selectedCharacterId?: string | null };
  campaignItemId?: string;
};

const HEADER = {
  title: 'Hook + Demo',
  subtitle: 'Video',
  actions: (
    <Button asChild variant="ghost" size="sm">
      <Link to="/create">
        <Images aria-hidden="true" />
        Prefer photos?
      </Link>
    </Button>
  ),
};

/** A new demo: what the editor was opened with, on the defaults. */
const openedFromProps = (props: HookDemoEditorProps): OpenedDemo => ({
  state: {
    ...emptyDemoState(),
    hookText: props.initialHookText ?? '',
    productId: props.initialProductId ?? '',
    selectedCharacter: props.initialAssets?.selectedCharacter ?? null,
    selectedCharacterId: props.initialAssets?.selectedCharacterId ?? null,
  },
  pacing: DEFAULT_PACING,
  assets: {},
  originCampaignItemId: props.campaignItemId ?? null,
});

/** docs/product/hook-demo.md rule 1: loads the draft, then opens the editor on what it holds. */
export const HookDemoEditor = (props: HookDemoEditorProps) => (
  <DraftGate
    draftId={props.draftId}
    header={<EditorHeader {...HEADER} onBack={props.onBack} />}
    skeleton={
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
        <Skeleton className="h-[32rem] w-full rounded-xl" />
        <Skeleton className="h-[32rem] w-full rounded-xl" />
      </div>
    }
  >
    {(draft) => (
      <HookDemoView
        key={props.draftId ?? 'unsaved'}
        {...props}
        opened={draft ? demoFromDraft(draft) : openedFromProps(props)}
      />
    )}
  </DraftGate>
);

const HookDemoView = ({
  draftId,
  onBack,
  openUpgradeDialog,
  campaignItemId,
  initialAssets,
  opened,
}: HookDemoEditorProps & { opened: OpenedDemo }) => {
  const queryClient = useQueryClient();
  const { user, isAuthenticated } = useAuth();
  const products = useProducts(isAuthenticated);
  const entitlements = useEntitlements(isAuthenticated);
  const premade = usePremadeCharacters();
  const voiceAvailable = usePublicConfig().data?.voice === true;
  const library = useCharacterLibrary(isAuthenticated && opened.state.ugcMediaType === 'custom');
  const myVideos = useProductVideos(isAuthenticated);
  const editor = useDemoEditor(opened.state);
  const { state } = editor;
  const hookActions = useHookActions(editor, products.data);
  const uploader = useProductVideoUpload(editor, isAuthenticated);
  const [uploadOpen, setUploadOpen] = useState(false);
  const guard = useGenerationGuard(openUpgradeDialog, 'video');

  const saveStatus = useDemoAutoSave(
    draftId,
    state,
    opened.assets,
    campaignItemId ?? opened.originCampaignItemId,
  );

  const pacing = useMemo(() => pacingOf(state), [state]);
  // Decisions 132 and 139: a pre-made character knows where its face is, a generated or
  // uploaded one once its face was found; others use the fallback.
  const faceBox = useMemo(
    () =>
      faceBoxFor(
        state.ugcMediaType === 'premade'
          ? premade.data?.find((c) => c.id === state.selectedCharacterId)
          : library.data?.find((c) => c.id === state.selectedCharacterId),
      ),
    [premade.data, library.data, state.ugcMediaType, state.selectedCharacterId],
  );
  // Measured again once the hook font has loaded (canvas text does not wait for it).
  const [fontsReady, setFontsReady] = useState(false);
  useEffect(() => {
    let live = true;
    void hookFontsReady(state.hookText).then(() => live && setFontsReady(true));
    return () => {
      live = false;
    };
  }, [state.hookText]);
  const hookFit = useMemo(() => {
    const text = state.hookText.trim();
    return text
      ? fitHookOverlay(text, {
          fontScale: state.textFontScale,
          yOffset: state.textYOffset,
          faceBox,
          measure: measureHookText,
        })
      : null;
    // fontsReady: the same inputs measure differently once the font is there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.hookText, state.textFontScale, state.textYOffset, faceBox, fontsReady]);

  const render = useDemoRender({
    state,
    faceBox,
    pacing,
    voice: voiceAvailable && state.hookVoice,
    videoUrls: editor.videoUrls,
    lastVideoKey: lastVideoKey(user?.id, draftId),
    restoreLastVideo: !campaignItemId && !initialAssets?.selectedCharacter,
    openUpgradeDialog,
  });

  // docs/product/hook-demo.md rule 3: with pre-made characters and none chosen, a random one is
  // picked.
  const randomPicked = useRef(false);
  useEffect(() => {
    if (randomPicked.current || !premade.data?.length) return;
    randomPicked.current = true;
    if (state.ugcMediaType !== 'premade' || state.selectedCharacter) return;
    // Among those shown inline, so the user sees which one it is.
    const shown = premade.data.slice(0, PREMADE_CHARACTERS_INLINE);
    const pick = shown[Math.floor(Math.random() * shown.length)]!;
    editor.selectCharacter({ id: pick.id, url: pick.url });
  }, [premade.data, state.ugcMediaType, state.selectedCharacter, editor]);

  // Saved paths get a playable URL: from My Videos when listed, else signed on their own.
  const { setVideoUrl } = editor;
  const missing = state.productVideoPaths.filter((p) => !editor.videoUrls[p]);
  const missingKey = missing.join('\n');
  useEffect(() => {
    // My Videos usually has them signed already: wait for it rather than sign twice.
    if (!missingKey || myVideos.isPending) return;
    const paths = missingKey.split('\n');
    const listed = myVideos.data?.filter((v) => paths.includes(v.path)) ?? [];
    for (const v of listed) setVideoUrl(v.path, v.signedUrl, v.originalUrl);
    const toSign = paths.filter((p) => !listed.some((v) => v.path === p));
    if (toSign.length === 0 || !isAuthenticated) return;
    // docs/product/hook-demo.md rule 4: a stored video that cannot be signed is silently left
    // without a preview.
    void signProductVideos(toSign)
      .then((signed) => signed.forEach((s) => setVideoUrl(s.path, s.signedUrl, s.originalUrl)))
      .catch(() => undefined);
  }, [missingKey, myVideos.data, myVideos.isPending, isAuthenticated, setVideoUrl]);

  // docs/product/create.md rule 5: the generation guard also stands before the upload dialog.
  const openUpload = async () => {
    if (render.videoUrl && (await guard())) setUploadOpen(true);
  };

  const productVideoPath = state.productVideoPaths[0];
  const productVideoUrl = productVideoPath ? (editor.videoUrls[productVideoPath] ?? null) : null;
  const productVideoSec =
    myVideos.data?.find((v) => v.path === productVideoPath)?.durationSec ?? null;
  const productOriginalUrl = productVideoPath
    ? (editor.videoUrls[productVideoOriginalPath(productVideoPath)] ?? null)
    : null;
  const blocked =
    generateBlocker(state, faceBox) !== null || entitlements.data?.canGenerate === false;

  return (
    <>
      <EditorHeader {...HEADER} onBack={onBack} saveStatus={draftId ? saveStatus : undefined} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
        <div className="space-y-6">
          <HookSection
            hookText={state.hookText}
            onHookTextChange={editor.setHookText}
            products={products.data}
            productId={state.productId}
            onProductChange={hookActions.chooseProduct}
            hooks={hookActions.hooks}
            index={hookActions.index}
            onPrevious={hookActions.previous}
            onNext={hookActions.next}
            onRegenerate={hookActions.regenerate}
            regenerating={hookActions.regenerating}
            reanalyzing={hookActions.reanalyzing}
            hookFit={hookFit}
          />
          <UgcMediaSection
            mediaType={state.ugcMediaType}
            onMediaTypeChange={editor.setUgcMediaType}
            premade={premade.data}
            premadeFailed={premade.isError}
            library={library.data}
            signedIn={isAuthenticated}
            selectedId={state.selectedCharacterId}
            selectedUrl={state.selectedCharacter}
            onToggle={editor.toggleCharacter}
          />
          <ProductVideoSection
            chosen={state.productVideoPaths.map((path) => ({
              path,
              url: editor.videoUrls[path] ?? null,
            }))}
            onRemove={editor.removeProductVideo}
            onFiles={uploader.upload}
            uploading={uploader.uploading}
            myVideos={isAuthenticated ? myVideos.data : []}
            signedIn={isAuthenticated}
            onPick={(v) => editor.chooseProductVideo(v.path, v.signedUrl, v.originalUrl)}
            fit={state.productVideoFit}
            canChooseFit={productOriginalUrl !== null}
            onFitChange={editor.setProductVideoFit}
          />
        </div>
        <div className="lg:sticky lg:top-0">
          <PreviewPanel
            hookText={state.hookText}
            characterUrl={state.selectedCharacter}
            productVideoUrl={productVideoUrl}
            productOriginalUrl={productOriginalUrl}
            productVideoFit={state.productVideoFit}
            faceBox={faceBox}
            fontScale={state.textFontScale}
            yOffset={state.textYOffset}
            pacing={pacing}
            onPacingChange={editor.setPacing}
            productVideoSec={productVideoSec}
            endCard={state.endCard}
            hookStyle={state.hookStyle}
            onHookStyleChange={editor.setHookStyle}
            voiceAvailable={voiceAvailable}
            hookVoice={state.hookVoice}
            onHookVoiceChange={editor.setHookVoice}
            onEndCardChange={editor.setEndCard}
            productName={products.data?.find((p) => p.id === state.productId)?.name ?? ''}
            onFontScaleChange={editor.setTextFontScale}
            onYOffsetChange={editor.setTextYOffset}
            onRecenter={editor.recenter}
            videoUrl={render.videoUrl}
            videoHook={render.videoHook}
            onVideoError={render.forgetVideo}
            generating={render.generating}
            progress={render.progress}
            statusText={render.statusText}
            onGenerate={render.generate}
            generateBlocked={blocked}
            onCheckStatus={render.checkStatus}
            onUpload={() => void openUpload()}
          />
        </div>
      </div>
      {render.videoUrl ? (
        <VideoUploadDialog
          open={uploadOpen}
          onOpenChange={setUploadOpen}
          videoUrl={render.videoUrl}
          defaultTitle={DEMO_DEFAULT_TITLE}
          draftId={draftId}
          onPosted={() => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.queue });
            if (draftId) void removePostedDraft(queryClient, draftId);
          }}
        />
      ) : null}
    </>
  );
};
