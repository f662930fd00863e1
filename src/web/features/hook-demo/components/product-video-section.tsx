import { Film, Grid2x2, Loader2, Upload, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { TUserVideo } from '#contract/user-videos';
import { MY_VIDEOS_INLINE, PRODUCT_VIDEOS_PER_JOB } from '#contract/user-videos';
import {
  PRODUCT_VIDEO_FIT_LABELS,
  PRODUCT_VIDEO_FITS,
  readProductVideoFit,
  type ProductVideoFit,
} from '#contract/hook-demo';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';
import { MyVideosDialog } from './my-videos-dialog';
import { SectionCard } from './section-card';
import { VideoTile } from './video-tile';

type ProductVideoSectionProps = {
  /** The chosen videos: storage path and, once known, a playable URL. */
  chosen: { path: string; url: string | null }[];
  onRemove: (path: string) => void;
  onFiles: (files: File[]) => void;
  uploading: boolean;
  /** undefined while loading; signed-out users have none. */
  myVideos: TUserVideo[] | undefined;
  signedIn: boolean;
  onPick: (video: TUserVideo) => void;
  fit: ProductVideoFit;
  /** Only a video that is not 9:16 (its original kept) has a choice to make. */
  canChooseFit: boolean;
  onFitChange: (fit: ProductVideoFit) => void;
};

const FIT_HINTS: Record<ProductVideoFit, string> = {
  blur: 'The whole video over a blurred copy of itself',
  crop: 'Fills the frame; the sides are cut',
  contain: 'The whole video between black bars',
};

/** docs/product/hook-demo.md rule 4: the "Product Video" section. */
export const ProductVideoSection = ({
  chosen,
  onRemove,
  onFiles,
  uploading,
  myVideos,
  signedIn,
  onPick,
  fit,
  canChooseFit,
  onFitChange,
}: ProductVideoSectionProps) => {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const full = chosen.length >= PRODUCT_VIDEOS_PER_JOB;
  const chosenPaths = new Set(chosen.map((c) => c.path));

  return (
    <SectionCard
      number={3}
      title="Product Video"
      id="hook-demo-video"
      action={
        <span className="text-xs text-muted-foreground tabular-nums">
          {`${chosen.length}/${PRODUCT_VIDEOS_PER_JOB} video uploaded`}
        </span>
      }
    >
      {chosen.length > 0 ? (
        <ul aria-label="Your product video" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {chosen.map((c) => (
            <li key={c.path} className="relative aspect-[9/16] overflow-hidden rounded-lg bg-black">
              {c.url ? (
                <video
                  src={c.url}
                  muted
                  playsInline
                  preload="metadata"
                  aria-label="Chosen product video"
                  className="size-full object-cover"
                />
              ) : (
                <div className="flex size-full items-center justify-center text-white/70">
                  <Film aria-hidden="true" />
                </div>
              )}
              <Button
                type="button"
                size="icon"
                variant="secondary"
                className="absolute top-1 right-1 size-7 rounded-full"
                aria-label="Remove product video"
                onClick={() => onRemove(c.path)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {chosen.length > 0 && canChooseFit ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">How it fills the 9:16 frame</legend>
          <RadioGroup
            aria-label="How the product video fills the frame"
            value={fit}
            onValueChange={(v) => onFitChange(readProductVideoFit(v))}
            className="grid-cols-1 sm:grid-cols-3"
          >
            {PRODUCT_VIDEO_FITS.map((value) => (
              <Label
                key={value}
                htmlFor={`${inputId}-fit-${value}`}
                className="flex cursor-pointer items-start gap-2 rounded-lg border p-2 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/40"
              >
                <RadioGroupItem id={`${inputId}-fit-${value}`} value={value} className="mt-0.5" />
                <span>
                  <span className="block text-sm">{PRODUCT_VIDEO_FIT_LABELS[value]}</span>
                  <span className="block text-xs text-muted-foreground">{FIT_HINTS[value]}</span>
                </span>
              </Label>
            ))}
          </RadioGroup>
        </fieldset>
      ) : null}

      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!full) onFiles(Array.from(e.dataTransfer.files));
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center transition has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50',
          dragging ? 'border-primary bg-accent/40' : 'hover:border-primary/40',
          (full || uploading) && 'cursor-not-allowed opacity-60',
        )}
      >
        {uploading ? (
          <Loader2 aria-hidden="true" className="size-5 animate-spin text-primary" />
        ) : (
          <Upload aria-hidden="true" className="size-5 text-muted-foreground" />
        )}
        <span className="text-sm font-medium">
          {uploading
            ? 'Uploading…'
            : full
              ? 'Remove the video above to use another'
              : 'Drop a product video or click to choose'}
        </span>
        <span className="text-xs text-muted-foreground">One video, up to 100MB and 30 seconds</span>
        <input
          id={inputId}
          type="file"
          accept="video/*"
          aria-label="Upload product video"
          className="sr-only"
          disabled={full || uploading}
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </label>

      {signedIn ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium">My Videos</h3>
          {myVideos === undefined ? (
            <p className="text-xs text-muted-foreground">Loading your videos…</p>
          ) : myVideos.length === 0 ? (
            <p className="text-xs text-muted-foreground">No product videos yet</p>
          ) : (
            <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
              {myVideos.slice(0, MY_VIDEOS_INLINE).map((v) => (
                <VideoTile
                  key={v.path}
                  video={v}
                  selected={chosenPaths.has(v.path)}
                  onPick={() => onPick(v)}
                />
              ))}
              <button
                type="button"
                onClick={() => setBrowsing(true)}
                aria-label="Browse More videos"
                className="flex aspect-[9/16] flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed text-xs font-medium text-muted-foreground transition hover:border-primary/40 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <Grid2x2 aria-hidden="true" className="size-4" />
                Browse More
              </button>
            </div>
          )}
        </div>
      ) : null}

      <MyVideosDialog
        open={browsing}
        onOpenChange={setBrowsing}
        videos={myVideos ?? []}
        chosenPaths={chosenPaths}
        onPick={(v) => {
          onPick(v);
          setBrowsing(false);
        }}
      />
    </SectionCard>
  );
};
