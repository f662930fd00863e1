/** Storage key of a library image's square thumbnail, stored beside the image itself. */
export const thumbKeyOf = (storageKey: string) => storageKey.replace(/\.[a-z]+$/, '-thumb.webp');
