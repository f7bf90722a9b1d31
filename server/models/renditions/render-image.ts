/** Making a rendition's bytes with sharp: crop, scale and encode as the filter spec says. */
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Image } from '../../db/schema';
import { focalPointOf } from '../images';
import type { FilterSpec, OutputFormat } from './filter-spec';
import { planTransform } from './transform-plan';

// Renditions keep the source's encoding unless told otherwise; GIF becomes PNG because only
// the first frame is rendered and PNG holds it losslessly.
const DEFAULT_FORMAT_BY_SOURCE_EXTENSION: Record<string, OutputFormat> = {
  '.jpg': 'jpeg',
  '.png': 'png',
  '.webp': 'webp',
  '.gif': 'png',
  '.avif': 'avif',
};

const ENCODERS: Record<OutputFormat, (pipeline: Sharp, filter: FilterSpec) => Sharp> = {
  // JPEG has no alpha channel; flatten onto white rather than let transparency turn black.
  jpeg: (pipeline, filter) => pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: filter.jpegQuality ?? 85, progressive: true }),
  png: (pipeline) => pipeline.png(),
  webp: (pipeline, filter) => pipeline.webp({ quality: filter.webpQuality ?? 80 }),
  // Effort 0 is ~20x faster than the default and renditions are made during a page request.
  avif: (pipeline, filter) => pipeline.avif({ quality: filter.avifQuality ?? 60, effort: 0 }),
};

/** The rendition's bytes, size and encoding for an image's source bytes and a filter spec. */
export async function renderImage(source: Buffer, image: Image, filter: FilterSpec): Promise<{ bytes: Buffer; width: number; height: number; format: OutputFormat }> {
  const plan = planTransform(image, filter.resize, focalPointOf(image));
  let pipeline = sharp(source).autoOrient();
  if (plan.crop) pipeline = pipeline.extract(plan.crop);
  const croppedWidth = plan.crop?.width ?? image.width;
  const croppedHeight = plan.crop?.height ?? image.height;
  if (plan.width !== croppedWidth || plan.height !== croppedHeight) pipeline = pipeline.resize(plan.width, plan.height, { fit: 'fill' });
  const format = filter.format ?? DEFAULT_FORMAT_BY_SOURCE_EXTENSION[path.extname(image.file)] ?? 'png';
  const { data, info } = await ENCODERS[format](pipeline, filter).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, format };
}
