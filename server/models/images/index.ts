/** Images: their rows, listing, original files, focal points, upload limits and files that do not decode. Callers import from here. */
export { focalPointOf, setFocalPoint, type FocalPoint } from './focal-point';
export { createImage, replaceImageFile, type CreateImageOptions } from './image-files';
export { IMAGE_ORDERINGS, IMAGES_PER_PAGE, listImages, type ImageFilters, type ImageOrdering } from './image-listing';
export { deleteImage, getImage, getImagesByIds, resolveCollectionId, updateImage, type ImageChanges } from './image-rows';
export { imageLimitsOf, megabytes, type ImageLimits } from './upload-limits';
export { logUnreadableImage, markImageFileUnreadable, undecodableReason, UNREADABLE_IMAGE_MESSAGE, UnreadableImageError } from './unreadable-files';
