import { TemplatesPage } from '@/features/templates/components/templates-page';
import { useUpgradeDialog } from '../upgrade-dialog-context';

/** /templates with the app's upgrade dialog for Pro templates on the free plan. */
export const TemplatesRoute = () => {
  const { openUpgradeDialog } = useUpgradeDialog();
  return <TemplatesPage onUpgradeRequired={openUpgradeDialog} />;
};
