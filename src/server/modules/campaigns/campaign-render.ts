import { renderSlideJpeg } from '../slides';
import type { TempImagesService } from '../temp-images';
import type { SlideImageReader } from './campaign-media';

/**
 * A carousel item's slides drawn on the server with the shared slide layout (the same as the
 * Carousel Maker's upload: JPEG, 1080 square) and hosted as the user's temp images, which is
 * what the photo post takes.
 */
export const createCarouselRenderer =
  (deps: { readImage: SlideImageReader; tempImages: Pick<TempImagesService, 'upload'> }) =>
  async (userId: string, slides: { text: string; imageUrl: string }[]): Promise<string[]> => {
    const urls: string[] = [];
    for (const [index, slide] of slides.entries()) {
      const image = await deps.readImage(userId, slide.imageUrl);
      const jpeg = await renderSlideJpeg({ image, text: slide.text });
      const { url } = await deps.tempImages.upload(userId, {
        buffer: jpeg,
        mime: 'image/jpeg',
        ext: 'jpg',
        filename: `slide_${index + 1}.jpg`,
        field: 'photo_images',
      });
      urls.push(url);
    }
    return urls;
  };
