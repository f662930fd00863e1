// The uploads module's public surface: reading, checking and converting uploaded images, shared
// by every route that takes one.
export type { ConvertedImage } from './image-convert';
export { toThumbnail, toWebJpeg } from './image-convert';
export type { ImageFile } from './image-upload';
export { decodeUpload, imageUploads, newUploadKey, readImageUploads } from './image-upload';
export { multipartImagesBody, skipBodyValidation } from './multipart-docs';
