/** The geometry of a rendition: what to crop from the source and what size to scale it to. */
import type { FocalPoint } from '../images';
import type { ResizeOperation } from './filter-spec';

/** A pixel rectangle of an image. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What to crop from the (upright) source and the size to scale the result to. */
export interface TransformPlan {
  crop?: Rect;
  width: number;
  height: number;
}

/**
 * Wagtail's fill: the largest region of the target's aspect ratio (zoomed towards the focal
 * point by `closeness` without dropping below the target size), centred as near the focal
 * point's centre as the image edges allow.
 */
export function fillCropRect(source: { width: number; height: number }, target: { width: number; height: number; closeness?: number }, focalPoint?: FocalPoint): Rect {
  const aspect = target.width / target.height;
  const maxWidth = Math.min(source.width, source.height * aspect);
  let cropWidth = maxWidth;
  if (focalPoint && target.closeness) {
    const minWidth = Math.max(focalPoint.width, focalPoint.height * aspect);
    if (minWidth < maxWidth) {
      const noUpscaleLimit = (maxWidth - target.width) / (maxWidth - minWidth);
      const zoom = Math.min(target.closeness / 100, noUpscaleLimit);
      if (zoom > 0) cropWidth = maxWidth - (maxWidth - minWidth) * zoom;
    }
  }
  const width = Math.max(1, Math.min(source.width, Math.round(cropWidth)));
  const height = Math.max(1, Math.min(source.height, Math.round(cropWidth / aspect)));
  const centreX = focalPoint?.x ?? source.width / 2;
  const centreY = focalPoint?.y ?? source.height / 2;
  return {
    left: clamp(Math.round(centreX - width / 2), 0, source.width - width),
    top: clamp(Math.round(centreY - height / 2), 0, source.height - height),
    width,
    height,
  };
}

/** The crop and output size a resize operation gives for an upright source; never upscales. */
export function planTransform(source: { width: number; height: number }, resize: ResizeOperation | undefined, focalPoint?: FocalPoint): TransformPlan {
  if (!resize) return { width: source.width, height: source.height };
  if (resize.kind === 'fill') {
    const crop = fillCropRect(source, resize, focalPoint);
    const scaleDown = crop.width > resize.width;
    return { crop, width: scaleDown ? resize.width : crop.width, height: scaleDown ? resize.height : crop.height };
  }
  const scale = resize.kind === 'max' ? Math.min(resize.width / source.width, resize.height / source.height) : resize.width / source.width;
  if (scale >= 1) return { width: source.width, height: source.height };
  return { width: Math.max(1, Math.round(source.width * scale)), height: Math.max(1, Math.round(source.height * scale)) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
