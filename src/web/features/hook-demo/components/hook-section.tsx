import { ChevronLeft, ChevronRight } from 'lucide-react';
import { HOOK_LONG_CHARS, HOOK_MAX_LINES, type HookFit } from '#contract/hook-demo';
import type { TProduct } from '#contract/products';
import { ProductPicker } from '@/components/editor/product-picker';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { SectionCard } from './section-card';

type HookSectionProps = {
  hookText: string;
  onHookTextChange: (text: string) => void;
  products: Pick<TProduct, 'id' | 'name'>[] | undefined;
  productId: string;
  onProductChange: (id: string) => void;
  hooks: string[];
  index: number;
  onPrevious: () => void;
  onNext: () => void;
  onRegenerate: () => void;
  regenerating: boolean;
  reanalyzing: boolean;
  /** How the hook will be drawn (shrunk, or too long to draw legibly); null without text. */
  hookFit: Pick<HookFit, 'shrunk' | 'legible' | 'lineCount'> | null;
};

/** Decision 133: the count, then a warning past the AI hook length, an error past legible. */
const HookLength = ({ length, fit }: { length: number; fit: HookSectionProps['hookFit'] }) => {
  const tooLong = fit !== null && !fit.legible;
  const long = length > HOOK_LONG_CHARS || (fit?.shrunk ?? false);
  return (
    <p
      id="hook-demo-hook-length"
      aria-live="polite"
      className={cn(
        'text-xs tabular-nums',
        tooLong ? 'text-destructive' : long ? 'text-amber-700' : 'text-muted-foreground',
      )}
    >
      {`${length} characters`}
      {tooLong
        ? ` · Too long to show legibly: at most ${HOOK_MAX_LINES} lines fit. Shorten the hook.`
        : long
          ? ` · Longer than ${HOOK_LONG_CHARS} characters: the text is drawn smaller to fit.`
          : ''}
    </p>
  );
};

/** docs/product/hook-demo.md rule 2: the "Hook" section. */
export const HookSection = ({
  hookText,
  onHookTextChange,
  products,
  productId,
  onProductChange,
  hooks,
  index,
  onPrevious,
  onNext,
  onRegenerate,
  regenerating,
  reanalyzing,
  hookFit,
}: HookSectionProps) => (
  <SectionCard number={1} title="Hook" id="hook-demo-hook">
    <ProductPicker
      id="hook-demo-product"
      products={products}
      productId={productId}
      onProductChange={onProductChange}
      actionLabel="Regenerate with AI"
      onAction={onRegenerate}
      busy={regenerating}
    >
      {reanalyzing ? (
        <p role="status" className="text-xs text-muted-foreground">
          Refreshing this product&apos;s hooks…
        </p>
      ) : null}
    </ProductPicker>

    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor="hook-demo-hook-text">Hook text</Label>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Previous hook"
            disabled={hooks.length < 2}
            onClick={onPrevious}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-10 text-center text-xs text-muted-foreground tabular-nums">
            <span aria-hidden="true">{hooks.length ? `${index + 1}/${hooks.length}` : '0/0'}</span>
            <span className="sr-only">
              {hooks.length ? `Hook ${index + 1} of ${hooks.length}` : 'No hooks yet'}
            </span>
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Next hook"
            disabled={hooks.length < 2}
            onClick={onNext}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <Textarea
        id="hook-demo-hook-text"
        value={hookText}
        onChange={(e) => onHookTextChange(e.target.value)}
        aria-describedby="hook-demo-hook-hint hook-demo-hook-length"
        placeholder="e.g. POV: you finally found a serum that works"
        rows={3}
        maxLength={500}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id="hook-demo-hook-hint" className="text-xs text-muted-foreground">
          This text will appear as overlay on your video
        </p>
        <HookLength length={[...hookText.trim()].length} fit={hookFit} />
      </div>
    </div>
  </SectionCard>
);
