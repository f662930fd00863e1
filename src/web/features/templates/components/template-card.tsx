import { Clapperboard, Eye, Flame, GalleryHorizontal, Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { TTemplate } from '#contract/templates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { isPopular, typeLabel, usesLabel } from '../lib/template-filter';

type TemplateCardProps = {
  template: TTemplate;
  onPreview: () => void;
  onUse: () => void;
  isUsing: boolean;
};

/** The thumbnail, over a blurred copy of itself so square slides and 9:16 frames share a box. */
const Thumbnail = ({ template }: { template: TTemplate }) => {
  const [failed, setFailed] = useState(false);
  // A new install draws thumbnails on first view; the box pulses until this one arrives.
  const [loaded, setLoaded] = useState(false);
  const TypeIcon = template.type === 'carousel' ? GalleryHorizontal : Clapperboard;
  return (
    <div
      className={cn(
        'relative aspect-[4/5] overflow-hidden rounded-t-xl bg-muted',
        !loaded && !failed && 'animate-pulse',
      )}
    >
      {failed ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted-foreground">
          <TypeIcon aria-hidden="true" className="size-8" />
          Thumbnail being prepared
        </div>
      ) : (
        <>
          <img
            src={template.thumbnailUrl}
            alt=""
            aria-hidden="true"
            className="absolute inset-0 h-full w-full scale-110 object-cover opacity-60 blur-xl"
          />
          <img
            src={template.thumbnailUrl}
            alt={`${template.name} example`}
            loading="lazy"
            onLoad={() => setLoaded(true)}
            onError={() => setFailed(true)}
            className="relative h-full w-full object-contain"
          />
        </>
      )}
      <div className="absolute top-3 left-3 flex gap-1.5">
        {template.isPremium ? (
          <Badge variant="pro">
            <Sparkles aria-hidden="true" />
            Pro
          </Badge>
        ) : (
          <Badge variant="free">Free</Badge>
        )}
        {isPopular(template) ? (
          <Badge variant="default">
            <Flame aria-hidden="true" />
            Popular
          </Badge>
        ) : null}
      </div>
    </div>
  );
};

/** One template of the catalogue (docs/product/templates.md rule 1). */
export const TemplateCard = ({ template, onPreview, onUse, isUsing }: TemplateCardProps) => (
  <Card className="h-full w-full gap-0 overflow-hidden py-0">
    <Thumbnail template={template} />
    <div className="flex flex-1 flex-col gap-3 p-4">
      <div className="grid gap-1">
        <h2 className="leading-snug font-semibold">{template.name}</h2>
        <p className="text-sm text-muted-foreground">{template.description}</p>
      </div>
      <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span>{typeLabel(template.type)}</span>
        <span aria-hidden="true">·</span>
        <span>{template.category}</span>
        <span aria-hidden="true">·</span>
        <span>{usesLabel(template.usageCount)}</span>
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={onPreview}
          aria-label={`Preview ${template.name}`}
        >
          <Eye aria-hidden="true" />
          Preview
        </Button>
        <Button
          type="button"
          onClick={onUse}
          disabled={isUsing}
          aria-label={`Use ${template.name}`}
        >
          {isUsing ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Use
        </Button>
      </div>
    </div>
  </Card>
);
