import { Loader2, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { TProduct } from '#contract/products';
import { cn } from '@/lib/utils';
import { BUSY_BUTTON_CLASS, busyButtonProps } from '@/lib/busy';

type ProductRowProps = {
  products: Pick<TProduct, 'id' | 'name'>[] | undefined;
  productId: string;
  onProductChange: (id: string) => void;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  onSuggest: () => void;
  suggesting: boolean;
};

/** Spec 02 §2.2 Edit Slide, product row: product, "AI Suggest" and the optional prompt. */
export const ProductRow = ({
  products,
  productId,
  onProductChange,
  prompt,
  onPromptChange,
  onSuggest,
  suggesting,
}: ProductRowProps) => {
  const noProducts = products !== undefined && products.length === 0;
  // A saved draft may name a product that has since been deleted: keep it selectable by id.
  const known = !productId || products?.some((p) => p.id === productId);
  return (
    <div className="space-y-4 rounded-lg border bg-muted/30 p-4">
      <div className="space-y-2">
        <Label htmlFor="carousel-product">Product</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <NativeSelect
            id="carousel-product"
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
            onClick={onSuggest}
            disabled={!productId}
            {...busyButtonProps(suggesting)}
            className={cn(
              'bg-linear-to-r from-primary to-brand-violet text-primary-foreground hover:opacity-95',
              BUSY_BUTTON_CLASS,
            )}
          >
            {suggesting ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            {suggesting ? 'Suggesting…' : 'AI Suggest'}
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
      </div>
      <div className="space-y-2">
        <Label htmlFor="carousel-prompt">Prompt (optional)</Label>
        <Textarea
          id="carousel-prompt"
          value={prompt}
          onChange={(e) => onPromptChange(e.target.value)}
          aria-describedby="carousel-prompt-hint"
          placeholder="e.g. Focus on the morning routine, playful tone"
          rows={2}
          maxLength={1000}
          className="min-h-14 bg-background"
        />
        <p id="carousel-prompt-hint" className="text-xs text-muted-foreground">
          Up to 8 slides. Keeps it punchy and cost-efficient.
        </p>
      </div>
    </div>
  );
};
