import { ProductsPage } from '@/features/products/components/products-page';
import { useUpgradeDialog } from '../upgrade-dialog-context';

/** /products with the app's upgrade dialog for the plan's product limit. */
export const ProductsRoute = () => {
  const { openUpgradeDialog } = useUpgradeDialog();
  return <ProductsPage onUpgradeRequired={openUpgradeDialog} />;
};
