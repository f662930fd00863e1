import { Activity, Eye, Loader2, Send, Wand2 } from 'lucide-react';
import {
  END_CARD_SEC,
  type EndCard,
  HOOK_STYLE_LABELS,
  HOOK_STYLES,
  type HookStyle,
  readHookStyle,
  TEXT_FONT_SCALE,
  TEXT_Y_OFFSET,
  type FaceBox,
  type ProductVideoFit,
} from '#contract/hook-demo';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Slider } from '@/components/ui/slider';
import { BUSY_BUTTON_CLASS, busyButtonProps } from '@/lib/busy';
import { cn } from '@/lib/utils';
import type { DemoPacing } from '../lib/demo-state';
import { DemoPlayback } from './demo-playback';
import { hookCaptionsUrl } from './hook-captions';
import { EndCardControls } from './end-card-controls';
import { TimingControls } from './timing-controls';

type PreviewPanelProps = {
  hookText: string;
  characterUrl: string | null;
  productVideoUrl: string | null;
  productOriginalUrl: string | null;
  productVideoFit: ProductVideoFit;
  faceBox: FaceBox;
  fontScale: number;
  yOffset: number;
  /** What Generate renders with, for the live preview's parts. */
  pacing: DemoPacing;
  onPacingChange: (pacing: DemoPacing) => void;
  /** The chosen product video's length, when known (to say when it will be cut). */
  productVideoSec: number | null;
  endCard: EndCard | null;
  hookStyle: HookStyle;
  onHookStyleChange: (style: HookStyle) => void;
  /** Decision 140: a voice reads the hook; the toggle shows only where one is configured. */
  voiceAvailable: boolean;
  hookVoice: boolean;
  onHookVoiceChange: (on: boolean) => void;
  onEndCardChange: (card: EndCard | null) => void;
  /** The chosen product's name, for the end card's title. */
  productName: string;
  onFontScaleChange: (value: number) => void;
  onYOffsetChange: (value: number) => void;
  onRecenter: () => void;
  videoUrl: string | null;
  /** The hook the video was rendered with and how long it shows, for its captions. */
  videoHook: { text: string; seconds: number } | null;
  onVideoError: () => void;
  generating: boolean;
  progress: number;
  statusText: string | null;
  onGenerate: () => void;
  /**
   * docs/product/hook-demo.md rule 10: Generate is disabled while a check fails. It stays focusable
   * and pressable (aria-disabled), so pressing it says which check failed instead of doing nothing.
   */
  generateBlocked: boolean;
  onCheckStatus: () => void;
  onUpload: () => void;
};

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/**
 * docs/product/hook-demo.md rule 1 preview panel: the 9:16 preview, overlay sliders and the
 * actions.
 */
export const PreviewPanel = (props: PreviewPanelProps) => {
  const { videoUrl, generating, characterUrl, productVideoUrl } = props;
  const captions = props.videoHook
    ? hookCaptionsUrl(props.videoHook.text, props.videoHook.seconds)
    : undefined;
  const empty = !characterUrl && !productVideoUrl;
  return (
    <section
      aria-labelledby="hook-demo-preview-heading"
      className="space-y-4 rounded-xl border bg-card p-5 shadow-sm"
    >
      <h2 id="hook-demo-preview-heading" className="text-base font-semibold">
        Preview
      </h2>
      <div className="relative mx-auto aspect-[9/16] w-full max-w-[320px] overflow-hidden rounded-xl bg-neutral-950 shadow-md">
        {generating ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center text-white"
          >
            <Loader2 aria-hidden="true" className="size-8 animate-spin" />
            <p className="font-semibold">Generating your demo...</p>
            <p className="text-sm text-white/75">
              {props.statusText ?? 'This may take 10-15 minutes'}
            </p>
            <Progress
              aria-label="Generation progress"
              value={props.progress}
              className="h-1.5 bg-white/20"
              indicatorClassName="bg-white"
            />
          </div>
        ) : videoUrl ? (
          <video
            key={videoUrl}
            src={videoUrl}
            controls
            playsInline
            aria-label="Generated video"
            onError={props.onVideoError}
            className="absolute inset-0 size-full bg-black object-contain"
          >
            <track kind="captions" src={captions} srcLang="en" label="Hook" />
          </video>
        ) : empty ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-6 text-center text-white">
            <p className="font-semibold">Your demo will appear here</p>
            <p className="text-sm text-white/70">
              Add your hook text and select a character to get started
            </p>
          </div>
        ) : (
          <DemoPlayback
            characterUrl={characterUrl}
            productVideoUrl={productVideoUrl}
            productOriginalUrl={props.productOriginalUrl}
            productVideoFit={props.productVideoFit}
            hookText={props.hookText}
            faceBox={props.faceBox}
            fontScale={props.fontScale}
            yOffset={props.yOffset}
            pacing={props.pacing}
            endCard={props.endCard}
            hookStyle={props.hookStyle}
          />
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        preview is indicative; text position may vary slightly in the final render.
      </p>

      <div className="space-y-4 rounded-lg border bg-muted/30 p-4">
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <Label id="hook-demo-size-label">Text size</Label>
            <span className="text-xs text-muted-foreground tabular-nums">
              {props.fontScale.toFixed(2)}×
            </span>
          </div>
          <Slider
            aria-labelledby="hook-demo-size-label"
            thumbLabel="Text size"
            thumbValueText={`${props.fontScale.toFixed(2)} times`}
            min={TEXT_FONT_SCALE.min}
            max={TEXT_FONT_SCALE.max}
            step={TEXT_FONT_SCALE.step}
            value={[props.fontScale]}
            onValueChange={([v]) => v !== undefined && props.onFontScaleChange(v)}
          />
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <Label id="hook-demo-position-label">Vertical position</Label>
            <span className="text-xs text-muted-foreground tabular-nums">
              {percent(props.yOffset)}
            </span>
          </div>
          <Slider
            aria-labelledby="hook-demo-position-label"
            thumbLabel="Vertical position"
            thumbValueText={percent(props.yOffset)}
            min={TEXT_Y_OFFSET.min}
            max={TEXT_Y_OFFSET.max}
            step={TEXT_Y_OFFSET.step}
            value={[props.yOffset]}
            onValueChange={([v]) => v !== undefined && props.onYOffsetChange(v)}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button type="button" variant="outline" size="sm" onClick={props.onRecenter}>
            Recenter
          </Button>
          <RadioGroup
            aria-label="Text style"
            value={props.hookStyle}
            onValueChange={(v) => props.onHookStyleChange(readHookStyle(v))}
            className="flex gap-3"
          >
            {HOOK_STYLES.map((style) => (
              <Label key={style} className="flex items-center gap-1.5 font-normal">
                <RadioGroupItem value={style} aria-label={HOOK_STYLE_LABELS[style]} />
                {HOOK_STYLE_LABELS[style]}
              </Label>
            ))}
          </RadioGroup>
          {props.voiceAvailable && (
            <Label className="flex items-center gap-1.5 font-normal">
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={props.hookVoice}
                onChange={(e) => props.onHookVoiceChange(e.target.checked)}
              />
              Voice
            </Label>
          )}
        </div>
      </div>

      <TimingControls
        pacing={props.pacing}
        onChange={props.onPacingChange}
        productVideoSec={props.productVideoSec}
        extraSec={props.endCard ? END_CARD_SEC : 0}
      />
      <EndCardControls
        endCard={props.endCard}
        onChange={props.onEndCardChange}
        productName={props.productName}
      />

      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!videoUrl}
          onClick={() => videoUrl && window.open(videoUrl, '_blank', 'noopener,noreferrer')}
        >
          <Eye aria-hidden="true" />
          Preview
        </Button>
        <Button
          type="button"
          onClick={props.onGenerate}
          {...busyButtonProps(generating)}
          {...(props.generateBlocked && !generating ? { 'aria-disabled': true } : {})}
          className={cn(BUSY_BUTTON_CLASS, 'aria-disabled:opacity-60')}
        >
          {generating ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Wand2 aria-hidden="true" />
          )}
          {generating ? 'Generating...' : 'Generate'}
        </Button>
      </div>
      {generating ? (
        <Button type="button" variant="ghost" className="w-full" onClick={props.onCheckStatus}>
          <Activity aria-hidden="true" />
          Check Status
        </Button>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={!videoUrl}
        onClick={props.onUpload}
      >
        <Send aria-hidden="true" />
        Upload to TikTok
      </Button>
    </section>
  );
};
