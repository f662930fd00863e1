import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { buildHookDemoEdit, type FaceBox } from '#contract/hook-demo';
import type { TRenderEnvironment } from '#contract/render';
import { productVideoOriginalPath } from '#contract/user-videos';
import { toast } from '@/components/ui/use-toast';
import { invalidateEntitlements } from '@/lib/entitlements';
import { rememberHook } from '@/lib/hooks/hook-history';
import { reportPaymentRequired } from '@/lib/payment-required';
import { queryKeys } from '@/lib/query-keys';
import { useGenerationGuard } from '@/lib/use-generation-guard';
import { getRenderStatus, newRenderKey, readHookAloud, submitRender } from '../api/render';
import type { DemoPacing, DemoState } from '../lib/demo-state';
import { errorMessage } from '../lib/error-message';
import { generateBlocker } from '../lib/generate-checks';
import { hookFontsReady, measureHookText } from '../lib/hook-measure';
import type { LastVideo } from '../lib/last-video';
import { clearLastVideo, readLastVideo, writeLastVideo } from '../lib/last-video';
import { RENDER_POLL_MS, RENDER_TIMEOUT_MS } from '../lib/limits';
import { renderStart } from '../lib/render-progress';
import { watchRender } from '../lib/watch-render';

type RenderOptions = {
  state: DemoState;
  /** Where the chosen character's face is (faceBoxFor). */
  faceBox: FaceBox;
  pacing: DemoPacing;
  /** Whether a voice reads the hook (configured and turned on, decision 140). */
  voice: boolean;
  videoUrls: Record<string, string>;
  lastVideoKey: string;
  /**
   * docs/product/hook-demo.md rule 9: a campaign item or an initial character clears the stored
   * last video.
   */
  restoreLastVideo: boolean;
  openUpgradeDialog: (reason: string) => void;
};

/**
 * docs/product/hook-demo.md rule 7: Generate (guard, checks, submit, follow the render), Check
 * Status, and the last rendered video kept in this browser.
 */
export const useDemoRender = ({
  state,
  faceBox,
  pacing,
  voice,
  videoUrls,
  lastVideoKey,
  restoreLastVideo,
  openUpgradeDialog,
}: RenderOptions) => {
  const queryClient = useQueryClient();
  const guard = useGenerationGuard(openUpgradeDialog, 'video');
  const [video, setVideo] = useState<LastVideo | null>(() =>
    restoreLastVideo ? readLastVideo(lastVideoKey) : null,
  );
  const [generating, setGenerating] = useState(false);
  const [progress, setProgress] = useState(0);
  const [statusText, setStatusText] = useState<string | null>(null);
  const current = useRef<{ id: string; env: TRenderEnvironment } | null>(null);
  const watching = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!restoreLastVideo) clearLastVideo(lastVideoKey);
  }, [restoreLastVideo, lastVideoKey]);
  // Leaving stops watching; the render goes on and the queue panel keeps following it.
  useEffect(() => () => watching.current?.abort(), []);

  const refreshQueue = () => queryClient.invalidateQueries({ queryKey: queryKeys.queue });

  const generate = async () => {
    if (generating) return;
    if (!(await guard())) return;
    const blocker = generateBlocker(state, faceBox);
    if (blocker) {
      toast({ variant: 'destructive', ...blocker });
      return;
    }
    const path = state.productVideoPaths[0]!;
    const productVideoUrl = videoUrls[path];
    if (!productVideoUrl) {
      toast({
        variant: 'destructive',
        title: 'Product Video Required',
        description: 'Please upload a product video',
      });
      return;
    }
    setGenerating(true);
    setProgress(0);
    setStatusText('Starting generation...');
    try {
      // The render is sized and placed with the fonts the preview draws with.
      await hookFontsReady(state.hookText);
      let voiceUrl: string | null = null;
      if (voice) {
        setStatusText('Recording the voice...');
        try {
          voiceUrl = await readHookAloud(state.hookText.trim(), pacing.ugcDurationSec);
        } catch (error) {
          if (!reportPaymentRequired(error)) {
            toast({
              variant: 'destructive',
              title: 'Voice Failed',
              description: errorMessage(error, 'The voice could not read the hook'),
            });
          }
          setProgress(0);
          setStatusText(null);
          return;
        }
      }
      const edit = buildHookDemoEdit({
        voiceUrl,
        hookText: state.hookText,
        characterUrl: state.selectedCharacter ?? '',
        productVideoUrl,
        productOriginalUrl: videoUrls[productVideoOriginalPath(path)] ?? null,
        productVideoFit: state.productVideoFit,
        faceBox,
        measure: measureHookText,
        endCard: state.endCard,
        hookStyle: state.hookStyle,
        textFontScale: state.textFontScale,
        textYOffset: state.textYOffset,
        ...pacing,
      });
      let submitted;
      try {
        submitted = await submitRender(edit, newRenderKey());
      } catch (error) {
        if (!reportPaymentRequired(error)) {
          toast({
            variant: 'destructive',
            title: 'Generation Failed',
            description: errorMessage(error, 'Video rendering failed'),
          });
        }
        setProgress(0);
        setStatusText(null);
        return;
      }
      current.current = { id: submitted.response.id, env: submitted.environment };
      if (state.productId) rememberHook(state.productId, state.hookText);
      toast({
        title: 'Hook + Demo Generation Started',
        description: 'Added to queue. Tracking rendering progress...',
      });
      void refreshQueue();
      const start = renderStart(submitted.environment);
      setProgress(start.progress);
      setStatusText(start.text);

      watching.current?.abort();
      const controller = new AbortController();
      watching.current = controller;
      const { id, env } = current.current;
      const outcome = await watchRender({
        check: () => getRenderStatus(id, env),
        env,
        onPhase: (phase) => {
          setProgress(phase.progress);
          setStatusText(phase.text);
        },
        pollMs: RENDER_POLL_MS,
        timeoutMs: RENDER_TIMEOUT_MS,
        signal: controller.signal,
      });
      if (outcome.kind === 'cancelled') return;
      void refreshQueue();
      if (outcome.kind === 'done') {
        const done = { videoUrl: outcome.url, hookText: state.hookText.trim(), ...pacing };
        setVideo(done);
        writeLastVideo(lastVideoKey, done);
        void invalidateEntitlements(queryClient);
        return;
      }
      setProgress(0);
      setStatusText(null);
      toast({
        variant: 'destructive',
        title: 'Rendering Failed',
        description:
          outcome.kind === 'failed'
            ? outcome.error
            : 'Video rendering timed out after 10 minutes. The video may still be processing...',
      });
    } finally {
      setGenerating(false);
    }
  };

  /**
   * docs/product/hook-demo.md rule 7: "Status Check" with the current status, or why it could not
   * be read.
   */
  const checkStatus = async () => {
    const render = current.current;
    if (!render) return;
    try {
      const status = await getRenderStatus(render.id, render.env);
      toast({ title: 'Status Check', description: `Current status: ${status.status}` });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Status Check Failed',
        description: 'Could not retrieve generation status',
      });
    }
  };

  /** docs/product/hook-demo.md rule 9: a generated video that no longer loads is forgotten. */
  const forgetVideo = () => {
    setVideo(null);
    clearLastVideo(lastVideoKey);
  };

  return {
    videoUrl: video?.videoUrl ?? null,
    videoHook: video ? { text: video.hookText, seconds: video.ugcDurationSec } : null,
    generating,
    progress,
    statusText,
    generate: () => void generate(),
    checkStatus: () => void checkStatus(),
    forgetVideo,
  };
};
