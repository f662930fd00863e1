import { Loader2, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TProduct } from '#contract/products';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { BUSY_BUTTON_CLASS, busyButtonProps } from '@/lib/busy';
import { cn } from '@/lib/utils';

type ProductPickerProps = {
  /** The select's id, for its label. */
  id: string;
  products: Pick<TProduct, 'id' | 'name'>[] | undefined;
  productId: string;
  onProductChange: (id: string) => void;
  /** The editor's AI action beside the select, which works from the chosen product. */
  actionLabel: string;
  onAction: () => void;
  busy: boolean;
  /** Notes under the row. */
  children?: ReactNode;
};

/**
 * Both editors' product row (docs/product/carousels.md rule 1; docs/product/hook-demo.md rule 1):
 * the product select ("Select product"), the AI action it enables, and "No products yet. Create
 * product" when there are none.
 */
export const ProductPicker = ({
  id,
  products,
  productId,
  onProductChange,
  actionLabel,
  onAction,
  busy,
  children,
}: ProductPickerProps) => {
  const noProducts = products !== undefined && products.length === 0;
  // A saved draft may name a product that has since been deleted: keep it selectable by id.
  const known = !productId || products?.some((p) => p.id === productId);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Product</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <NativeSelect
          id={id}
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
          onClick={onAction}
          disabled={!productId}
          {...busyButtonProps(busy)}
          className={cn(
            'bg-linear-to-r from-primary to-brand-violet text-primary-foreground hover:opacity-95',
            BUSY_BUTTON_CLASS,
          )}
        >
          {busy ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {actionLabel}
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
      {children}
    </div>
  );
};
