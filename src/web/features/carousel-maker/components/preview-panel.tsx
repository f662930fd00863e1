import { Download, Eye, Loader2, Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { BUSY_BUTTON_CLASS, busyButtonProps } from '@/lib/busy';
import type { Slide } from '../lib/slides';
import { SlideCanvas } from './slide-canvas';

type PreviewPanelProps = {
  slide: Slide | undefined;
  position: number;
  total: number;
  onPreview: () => void;
  onGenerate: () => void;
  generating: boolean;
  description: string;
  onDescriptionChange: (value: string) => void;
  onUpload: () => void;
};

/**
 * docs/product/carousels.md rule 5 preview panel: live square preview, Preview, Generate,
 * description, upload.
 */
export const PreviewPanel = ({
  slide,
  position,
  total,
  onPreview,
  onGenerate,
  generating,
  description,
  onDescriptionChange,
  onUpload,
}: PreviewPanelProps) => (
  <section
    aria-labelledby="preview-heading"
    className="space-y-4 rounded-xl border bg-card p-5 shadow-sm"
  >
    <h2 id="preview-heading" className="text-base font-semibold">
      Live Preview
    </h2>
    <div className="relative">
      <SlideCanvas
        text={slide?.text ?? ''}
        imageUrl={slide?.imageUrl}
        label={`Preview of slide ${position}: ${slide?.text.trim() || 'no text'}`}
        className="shadow-md"
      />
      <Badge className="absolute top-3 left-3 bg-black/70 text-white shadow-sm">
        Slide {position} of {total}
      </Badge>
    </div>
    <div className="grid grid-cols-2 gap-2">
      <Button type="button" variant="outline" onClick={onPreview}>
        <Eye aria-hidden="true" />
        Preview
      </Button>
      <Button
        type="button"
        onClick={onGenerate}
        {...busyButtonProps(generating)}
        className={BUSY_BUTTON_CLASS}
      >
        {generating ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Download aria-hidden="true" />
        )}
        {generating ? 'Generating...' : 'Generate'}
      </Button>
    </div>
    <div className="space-y-2">
      <Label htmlFor="carousel-description">Carousel Description</Label>
      <Textarea
        id="carousel-description"
        value={description}
        onChange={(e) => onDescriptionChange(e.target.value)}
        aria-describedby="carousel-description-hint"
        placeholder="Write the caption for your post…"
        rows={4}
        maxLength={5000}
        className="min-h-24"
      />
      <p id="carousel-description-hint" className="text-xs text-muted-foreground">
        applies to the entire carousel post
      </p>
    </div>
    <Button type="button" variant="secondary" className="w-full" onClick={onUpload}>
      <Send aria-hidden="true" />
      Upload to TikTok
    </Button>
  </section>
);
