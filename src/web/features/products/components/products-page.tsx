import { Package, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { TProduct } from '#contract/products';
import { PLANS } from '#contract/plans';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';
import { isPaymentRequired } from '@/lib/payment-required';
import { useProducts } from '@/lib/products/get-products';
import { useAwaitFreshBriefs } from '../hooks/use-await-fresh-briefs';
import {
  useAnalyzeProduct,
  useCreateProduct,
  useUploadProductImages,
} from '../hooks/use-product-mutations';
import { CreateProductDialog } from './create-product-dialog';
import { ProductCard } from './product-card';

/**
 * How many products the plan allows; null is unlimited (docs/product/billing.md rule 1;
 * docs/product/products.md rule 5).
 */
export const productLimitOf = (plan: string | null | undefined): number | null =>
  plan && plan in PLANS ? PLANS[plan as keyof typeof PLANS].productLimit : PLANS.free.productLimit;

/** Each card runs its own requests, so two cards can upload or analyse at once. */
const ProductItem = ({ product }: { product: TProduct }) => {
  const upload = useUploadProductImages();
  const analyze = useAnalyzeProduct();
  return (
    <ProductCard
      product={product}
      onUploadImages={(files) => upload.mutate({ id: product.id, files })}
      onAnalyze={() => analyze.mutate(product.id)}
      isUploading={upload.isPending}
      isAnalyzing={analyze.isPending}
    />
  );
};

const LoadingGrid = () => (
  <div role="status" className="grid gap-6 md:grid-cols-2 2xl:grid-cols-3">
    <span className="sr-only">Loading products…</span>
    {[0, 1, 2].map((i) => (
      <Card key={i} className="gap-4 px-6">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-12 w-full" />
        <div className="grid grid-cols-3 gap-2">
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-square" />
        </div>
        <Skeleton className="h-24 w-full" />
      </Card>
    ))}
  </div>
);

type ProductsPageProps = {
  /** Opens the app's upgrade dialog; "New Product" past the plan's limit uses `product_limit`. */
  onUpgradeRequired: (reason: string) => void;
};

/** /products (docs/product/products.md rule 1). */
export const ProductsPage = ({ onUpgradeRequired }: ProductsPageProps) => {
  const { user } = useAuth();
  const { data: entitlements } = useEntitlements();
  const products = useProducts();
  const [dialogOpen, setDialogOpen] = useState(false);
  const create = useCreateProduct();
  useAwaitFreshBriefs(products.data);

  const limit = productLimitOf(entitlements?.plan ?? user?.plan);
  const count = products.data?.length ?? 0;

  const onNewProduct = () => {
    // docs/product/products.md rule 5: on the free plan, one product or more opens the upgrade
    // dialog instead.
    if (limit !== null && count >= limit) onUpgradeRequired('product_limit');
    else setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Products"
        subtitle="Centralize your product info to power AI suggestions"
        action={
          <Button type="button" onClick={onNewProduct} disabled={products.isPending}>
            <Plus aria-hidden="true" />
            New Product
          </Button>
        }
      />

      {products.isPending ? (
        <LoadingGrid />
      ) : products.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            Couldn&apos;t load your products.
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void products.refetch()}
            >
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : products.data.length === 0 ? (
        <Card className="items-center px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
            <Package aria-hidden="true" className="size-6" />
          </span>
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold">No products yet</h2>
            <p className="max-w-sm text-sm text-muted-foreground">
              Add your first product with “New Product”: AI turns it into a brief with hooks, a
              voice and hashtags.
            </p>
          </div>
        </Card>
      ) : (
        <ul aria-label="Your products" className="grid gap-6 md:grid-cols-2 2xl:grid-cols-3">
          {products.data.map((product) => (
            <li key={product.id} className="flex min-w-0">
              <ProductItem product={product} />
            </li>
          ))}
        </ul>
      )}

      <CreateProductDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        isSubmitting={create.isPending}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: () => setDialogOpen(false),
            // The upgrade dialog takes over on a 402 (the plan's limit, checked by the server).
            onError: (error) => {
              if (isPaymentRequired(error)) setDialogOpen(false);
            },
          })
        }
      />
    </>
  );
};
