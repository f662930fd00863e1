import { CarouselMaker } from '@/features/carousel-maker/components/carousel-maker';
import { CreatePage } from '@/features/create/components/create-page';
import { useUpgradeDialog } from '../upgrade-dialog-context';

/** /create: the hub, with the Carousel Maker and the app's upgrade dialog plugged in. */
export const CreateRoute = () => {
  const { openUpgradeDialog } = useUpgradeDialog();
  return (
    <CreatePage
      renderCarousel={(tool) => <CarouselMaker {...tool} openUpgradeDialog={openUpgradeDialog} />}
    />
  );
};
