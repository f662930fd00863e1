export { renderCarouselZip, renderSlideJpeg, renderSlidePng } from './render-slide';
