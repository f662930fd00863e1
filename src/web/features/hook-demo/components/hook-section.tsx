import { ChevronLeft, ChevronRight, Loader2, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import type { TProduct } from '#contract/products';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { BUSY_BUTTON_CLASS, busyButtonProps } from '@/lib/busy';
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
};

/** Spec 02 §2.3 section 1 "Hook". */
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
}: HookSectionProps) => {
  const noProducts = products !== undefined && products.length === 0;
  const known = !productId || products?.some((p) => p.id === productId);
  return (
    <SectionCard number={1} title="Hook" id="hook-demo-hook">
      <div className="space-y-2">
        <Label htmlFor="hook-demo-product">Product</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <NativeSelect
            id="hook-demo-product"
            value={productId}
            onChange={(e) => onProductChange(e.target.value)}
            disabled={products === undefined}
            wrapperClassName="sm:flex-1"
            className="bg-background"
          >
            <NativeSelectOption value="">Select product</NativeSelectOption>
            {products?.map((p) => (
              <NativeSelectOption key={p.id} value={p.id}>
                {p.name}
              </NativeSelectOption>
            ))}
            {!known ? (
              <NativeSelectOption value={productId}>Unknown product</NativeSelectOption>
            ) : null}
          </NativeSelect>
          <Button
            type="button"
            onClick={onRegenerate}
            disabled={!productId}
            {...busyButtonProps(regenerating)}
            className={cn(
              'bg-linear-to-r from-primary to-brand-violet text-primary-foreground hover:opacity-95',
              BUSY_BUTTON_CLASS,
            )}
          >
            {regenerating ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            Regenerate with AI
          </Button>
        </div>
        {noProducts ? (
          <p className="text-sm text-muted-foreground">
            No products yet.{' '}
            <Link
              to="/onboarding"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Create product
            </Link>
          </p>
        ) : null}
        {reanalyzing ? (
          <p role="status" className="text-xs text-muted-foreground">
            Refreshing this product&apos;s hooks…
          </p>
        ) : null}
      </div>

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
              <span aria-hidden="true">
                {hooks.length ? `${index + 1}/${hooks.length}` : '0/0'}
              </span>
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
          aria-describedby="hook-demo-hook-hint"
          placeholder="e.g. POV: you finally found a serum that works"
          rows={3}
          maxLength={500}
        />
        <p id="hook-demo-hook-hint" className="text-xs text-muted-foreground">
          This text will appear as overlay on your video
        </p>
      </div>
    </SectionCard>
  );
};
