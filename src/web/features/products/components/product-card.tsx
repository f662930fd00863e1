import { ImageOff, Loader2, Sparkles, Upload } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useId, useRef } from 'react';
import type { TProduct } from '#contract/products';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { IMAGE_ACCEPT } from '@/components/product-form/keep-images';

/** docs/product/products.md rule 1: cards show 3 images and 3 hashtags. */
export const CARD_IMAGES = 3;
export const CARD_HASHTAGS = 3;

const asHashtag = (tag: string) => (tag.startsWith('#') ? tag : `#${tag}`);

type ProductCardProps = {
  product: TProduct;
  onUploadImages: (files: File[]) => void;
  onAnalyze: () => void;
  isUploading: boolean;
  isAnalyzing: boolean;
};

/**
 * One product of docs/product/products.md rule 1: name, "Default", description, 3 images and the AI
 * Brief.
 */
export const ProductCard = ({
  product,
  onUploadImages,
  onAnalyze,
  isUploading,
  isAnalyzing,
}: ProductCardProps) => {
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const shown = product.images.slice(0, CARD_IMAGES);
  const more = product.images.length - shown.length;
  const brief = product.aiBrief;
  const voice = brief?.voice || product.brandVoice;

  const onFilesChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so the same file can be chosen again after a failed upload.
    event.target.value = '';
    if (files.length > 0) onUploadImages(files);
  };

  return (
    // min-w-0 and wrap-anywhere: a pasted link or a long word wraps instead of widening the
    // card past a phone's screen.
    <Card aria-labelledby={titleId} role="article" className="w-full min-w-0 gap-5">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 text-lg leading-snug font-semibold wrap-anywhere">
            {product.name}
          </h2>
          {product.isDefault ? <Badge variant="secondary">Default</Badge> : null}
        </div>
        {product.description ? (
          <p className="line-clamp-3 text-sm whitespace-pre-line wrap-anywhere text-muted-foreground">
            {product.description}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground italic">No description</p>
        )}
      </CardHeader>

      <CardContent className="grid flex-1 content-start gap-5">
        {shown.length > 0 ? (
          <ul aria-label={`Images of ${product.name}`} className="grid grid-cols-3 gap-2">
            {shown.map((url, index) => (
              <li
                key={url}
                className="relative aspect-square overflow-hidden rounded-lg border bg-muted"
              >
                <img
                  src={product.thumbnails[index] ?? url}
                  alt={`${product.name}, ${index + 1} of ${product.images.length}`}
                  loading="lazy"
                  className="size-full object-cover"
                />
                {index === shown.length - 1 && more > 0 ? (
                  <span className="absolute right-1 bottom-1 rounded bg-black/65 px-1.5 py-0.5 text-xs font-medium text-white">
                    +{more}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-4 text-sm text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-4 shrink-0" />
            No images yet
          </div>
        )}

        <section
          aria-label="AI Brief"
          className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm"
        >
          <h3 className="flex items-center gap-1.5 font-semibold">
            <Sparkles aria-hidden="true" className="size-4 text-primary" />
            AI Brief
          </h3>
          {brief ? (
            <>
              <dl className="grid gap-1">
                <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  Voice
                </dt>
                <dd className="line-clamp-3 wrap-anywhere">{voice || '—'}</dd>
              </dl>
              {brief.hashtags.length > 0 ? (
                <ul aria-label="Hashtags" className="flex flex-wrap gap-1.5">
                  {brief.hashtags.slice(0, CARD_HASHTAGS).map((tag) => (
                    <li key={tag} className="max-w-full">
                      <Badge
                        variant="outline"
                        className="max-w-full font-normal whitespace-normal wrap-anywhere"
                      >
                        {asHashtag(tag)}
                      </Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="text-muted-foreground">No AI analysis yet</p>
          )}
        </section>
      </CardContent>

      <CardFooter className="flex-wrap gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          aria-label={`Images for ${product.name}`}
          onChange={onFilesChosen}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={isUploading}
          aria-busy={isUploading || undefined}
          onClick={() => fileInput.current?.click()}
        >
          {isUploading ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Upload aria-hidden="true" />
          )}
          {isUploading ? 'Uploading…' : 'Upload Images'}
        </Button>
        <Button
          type="button"
          size="sm"
          disabled={isAnalyzing}
          aria-busy={isAnalyzing || undefined}
          onClick={onAnalyze}
        >
          {isAnalyzing ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {isAnalyzing ? 'Analyzing…' : 'Analyze with AI'}
        </Button>
      </CardFooter>
    </Card>
  );
};
