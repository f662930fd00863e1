export { renderCarouselZip, renderSlidePng } from './render-slide';
export { renderSlideJpeg } from './render-slide';
