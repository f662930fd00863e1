import { CarouselMaker } from '@/features/carousel-maker/components/carousel-maker';
import { CreatePage } from '@/features/create/components/create-page';
import { HookDemoEditor } from '@/features/hook-demo/components/hook-demo-editor';
import { useUpgradeDialog } from '../upgrade-dialog-context';

/** /create: the hub, with the two editors and the app's upgrade dialog plugged in. */
export const CreateRoute = () => {
  const { openUpgradeDialog } = useUpgradeDialog();
  return (
    <CreatePage
      renderCarousel={(tool) => <CarouselMaker {...tool} openUpgradeDialog={openUpgradeDialog} />}
      renderVideo={(tool) => <HookDemoEditor {...tool} openUpgradeDialog={openUpgradeDialog} />}
    />
  );
};
