/** Image renditions: filter specs, their geometry, making and caching them, and `<img>` props. Callers import from here. */
export { formatFilterSpec, parseFilterSpec } from './filter-spec';
export { getRendition, RENDITION_FILE_PATTERN, renditionUrl } from './get-rendition';
export { imageProps, type ImageProps, type ImagePropsOptions } from './image-props';
export { fillCropRect, planTransform } from './transform-plan';
