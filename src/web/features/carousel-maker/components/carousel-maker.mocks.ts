import { vi } from 'vitest';

/** Stands in for the zip builder, which needs a real canvas; counts the slides with an image. */
export const zipBuild = vi.fn(async (slides: { imageUrl?: string }[]) => ({
  blob: new Blob(['zip']),
  fileName: 'carousel_1.zip',
  count: slides.filter((s) => s.imageUrl).length,
}));

export const slideRenderMock = {
  drawSlidePreview: vi.fn(async () => {}),
  buildCarouselZip: zipBuild,
};
