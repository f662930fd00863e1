import '@fontsource/tiktok-sans/400.css';
import { Loader2, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import type { TTemplate, TTemplatePreview } from '#contract/templates';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { isPaymentRequired } from '@/lib/payment-required';
import { usePreviewTemplate } from '../api/preview-template';
import { typeLabel } from '../lib/template-filter';
import { TemplateSlideCanvas } from './template-slide-canvas';

const ROLE_LABELS: Record<string, string> = {
  hook: 'Hook',
  problem: 'Problem',
  product: 'Product',
  benefit: 'Benefit',
  proof: 'Proof',
  cta: 'Call to action',
};

const CarouselPreview = ({
  preview,
}: {
  preview: Extract<TTemplatePreview, { type: 'carousel' }>;
}) => (
  <div className="grid gap-4">
    <ol aria-label="Slides" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {preview.slides.map((slide, i) => (
        <li key={i} className="grid gap-1.5">
          <TemplateSlideCanvas
            text={slide.text}
            imageUrl={slide.imageUrl}
            label={`Slide ${i + 1}: ${slide.text}`}
          />
          <span className="text-xs text-muted-foreground">
            Slide {i + 1} · {ROLE_LABELS[slide.role] ?? slide.role}
          </span>
        </li>
      ))}
    </ol>
    <div className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
      <span className="font-medium">Caption</span>
      <p>{preview.caption}</p>
      <p className="text-muted-foreground">{preview.hashtags.join(' ')}</p>
    </div>
  </div>
);

/**
 * The hook over the character as the editor's live preview draws it (docs/product/templates.md rule
 * 2): 6% of the width × text size, in 80% of the width, moved up by the vertical position (+y up).
 */
const VideoPreview = ({ preview }: { preview: Extract<TTemplatePreview, { type: 'video' }> }) => (
  <div className="grid gap-4 sm:grid-cols-[minmax(0,15rem)_1fr]">
    <div
      className="relative mx-auto aspect-[9/16] w-full max-w-60 overflow-hidden rounded-xl bg-zinc-800"
      style={{ containerType: 'inline-size' }}
    >
      {preview.character ? (
        preview.character.kind === 'video' ? (
          <video
            src={preview.character.url}
            poster={preview.character.thumbnailUrl}
            className="h-full w-full object-cover"
            autoPlay
            muted
            loop
            playsInline
            aria-label={`${preview.character.name}, the template’s character`}
          />
        ) : (
          <img
            src={preview.character.url}
            alt={`${preview.character.name}, the template’s character`}
            className="h-full w-full object-cover"
          />
        )
      ) : null}
      <p
        data-testid="hook-overlay"
        className="absolute left-1/2 w-[80%] -translate-x-1/2 -translate-y-1/2 text-center leading-[1.3] text-white"
        style={{
          top: `${(0.5 - preview.textYOffset) * 100}%`,
          fontSize: `${6 * preview.textFontScale}cqw`,
          fontFamily: '"TikTok Sans", sans-serif',
          WebkitTextStroke: '0.12em black',
          paintOrder: 'stroke fill',
        }}
      >
        {preview.hook}
      </p>
    </div>
    <dl className="grid content-start gap-3 text-sm">
      <div>
        <dt className="font-medium">Hook</dt>
        <dd className="text-muted-foreground">{preview.hook}</dd>
      </div>
      <div>
        <dt className="font-medium">Character</dt>
        <dd className="text-muted-foreground">
          {preview.character?.name ?? 'Pre-made characters are being prepared'}
        </dd>
      </div>
      <div>
        <dt className="font-medium">Overlay</dt>
        <dd className="text-muted-foreground">
          Text size {preview.textFontScale.toFixed(2)} · vertical position{' '}
          {Math.round(preview.textYOffset * 100)}%
        </dd>
      </div>
      <div>
        <dt className="font-medium">Pacing</dt>
        <dd className="text-muted-foreground">
          {preview.ugcDurationSec} s character, then {preview.productDurationSec} s of your product
          video
        </dd>
      </div>
      <div>
        <dt className="font-medium">Hashtags</dt>
        <dd className="text-muted-foreground">{preview.hashtags.join(' ')}</dd>
      </div>
    </dl>
  </div>
);

type TemplatePreviewDialogProps = {
  template: TTemplate | null;
  onOpenChange: (open: boolean) => void;
  onUse: (template: TTemplate) => void;
  isUsing: boolean;
};

/** Preview: the template applied to the user's default product, nothing saved or counted. */
export const TemplatePreviewDialog = ({
  template,
  onOpenChange,
  onUse,
  isUsing,
}: TemplatePreviewDialogProps) => {
  const preview = usePreviewTemplate();
  const { mutate, reset } = preview;
  const templateId = template?.id;

  useEffect(() => {
    if (!templateId) return;
    reset();
    mutate(templateId);
  }, [templateId, mutate, reset]);

  const data = preview.data?.templateId === templateId ? preview.data : undefined;

  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{template?.name ?? 'Template'}</DialogTitle>
          <DialogDescription>
            {template ? `${typeLabel(template.type)} · ` : ''}
            {data
              ? data.product
                ? `Applied to ${data.product.name}`
                : 'Example copy: add a product to see this template written for it.'
              : 'Applying the template to your product…'}
          </DialogDescription>
        </DialogHeader>

        {preview.isError && !isPaymentRequired(preview.error) ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {preview.error instanceof ApiError
                ? (preview.error.serverMessage ?? 'Could not preview this template.')
                : 'Could not preview this template.'}
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => templateId && mutate(templateId)}
              >
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !data ? (
          <div
            role="status"
            className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground"
          >
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Applying the template to your product…
          </div>
        ) : data.type === 'carousel' ? (
          <CarouselPreview preview={data} />
        ) : (
          <VideoPreview preview={data} />
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button
            type="button"
            disabled={!template || isUsing}
            onClick={() => template && onUse(template)}
          >
            {isUsing ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Use this template
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
