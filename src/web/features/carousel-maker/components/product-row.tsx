import type { TProduct } from '#contract/products';
import { ProductPicker } from '@/components/editor/product-picker';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

type ProductRowProps = {
  products: Pick<TProduct, 'id' | 'name'>[] | undefined;
  productId: string;
  onProductChange: (id: string) => void;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  onSuggest: () => void;
  suggesting: boolean;
};

/**
 * docs/product/carousels.md rule 1, the product row: product, "AI Suggest" and the optional
 * prompt.
 */
export const ProductRow = ({
  products,
  productId,
  onProductChange,
  prompt,
  onPromptChange,
  onSuggest,
  suggesting,
}: ProductRowProps) => (
  <div className="space-y-4 rounded-lg border bg-muted/30 p-4">
    <ProductPicker
      id="carousel-product"
      products={products}
      productId={productId}
      onProductChange={onProductChange}
      actionLabel={suggesting ? 'Suggesting…' : 'AI Suggest'}
      onAction={onSuggest}
      busy={suggesting}
    />
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
