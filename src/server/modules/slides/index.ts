export { renderCarouselZip, renderSlidePng } from './render-slide';
