import { SlideRenderError } from '#contract/slide-layout';

/** Recent images by URL, so the live preview redraws on every keystroke without refetching. */
const CACHE_LIMIT = 24;
const cache = new Map<string, Promise<HTMLImageElement>>();

const load = (url: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    // blob: and data: URLs are always readable; anything fetched asks for CORS so a CDN that
    // allows it does not taint the canvas (same-origin URLs are unaffected).
    if (!/^(blob|data):/i.test(url)) image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0) resolve(image);
      else reject(new SlideRenderError('image_load_failed'));
    };
    image.onerror = () => reject(new SlideRenderError('image_load_failed'));
    image.src = url;
  });

export const loadSlideImage = (url: string): Promise<HTMLImageElement> => {
  const key = url.trim();
  if (!key) return Promise.reject(new SlideRenderError('image_load_failed'));
  let pending = cache.get(key);
  if (pending) {
    cache.delete(key);
  } else {
    pending = load(key);
    pending.catch(() => {
      if (cache.get(key) === pending) cache.delete(key);
    });
  }
  cache.set(key, pending);
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return pending;
};

/** For tests: forget every cached image. */
export const clearSlideImageCache = () => cache.clear();
