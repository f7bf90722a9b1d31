/** Images: their rows, original files, focal points and upload limits. Callers import from here. */
export { focalPointOf, setFocalPoint, type FocalPoint } from './focal-point';
export { createImage, replaceImageFile, type CreateImageOptions } from './image-files';
export { deleteImage, getImage, getImagesByIds, resolveCollectionId, updateImage, type ImageChanges } from './image-rows';
export { imageLimitsOf, megabytes, type ImageLimits } from './upload-limits';
