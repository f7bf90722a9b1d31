import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Image, ImageRendition } from '../db/schema';
import { ValidationError } from '../errors';
import { mediaKey, type MediaStorage } from '../media-storage';
import { focalPointOf, type FocalPoint } from './images';

/** Encodings a rendition can be written in. */
export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;

/** One of the rendition encodings. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Largest width or height a filter spec may ask for. */
export const MAX_RENDITION_DIMENSION = 4000;

/** How a rendition is sized: Wagtail's fill (crop to fit), max (fit inside) and width. */
export type ResizeOperation =
  | { kind: 'fill'; width: number; height: number; closeness: number }
  | { kind: 'max'; width: number; height: number }
  | { kind: 'width'; width: number };

/** A parsed filter spec such as `fill-800x600-c50|format-webp|webpquality-70`. */
export interface FilterSpec {
  resize?: ResizeOperation;
  format?: OutputFormat;
  jpegQuality?: number;
  webpQuality?: number;
  avifQuality?: number;
}

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

/** Props of an `<img>`, as the ResponsiveImage component takes them. */
export interface ImageProps {
  src: string;
  width: number;
  height: number;
  alt: string;
  srcSet?: string;
  sizes?: string;
}

/** How imageProps picks renditions: the main spec, optional srcset widths, sizes and alt text. */
export interface ImagePropsOptions {
  spec: string;
  srcsetWidths?: readonly number[];
  sizes?: string;
  alt?: string;
}

/** Where rendition files are served from. */
export const RENDITION_URL_PREFIX = '/media/images/';

/** Rendition file names as getRendition writes them: `{image id}-{hash}.{extension}`. */
export const RENDITION_FILE_PATTERN = /^\d+-[0-9a-f]{16}\.(?:jpg|png|webp|avif)$/;

const EXTENSIONS: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

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

const dimension = z
  .string()
  .regex(/^\d{1,5}$/, 'expected a whole number of pixels')
  .transform(Number)
  .pipe(z.number().min(1, 'sizes must be at least 1').max(MAX_RENDITION_DIMENSION, `sizes must be at most ${MAX_RENDITION_DIMENSION}`));

const box = z
  .string()
  .regex(/^\d+x\d+$/, 'expected WIDTHxHEIGHT such as 800x600')
  .transform((value) => value.split('x'))
  .pipe(z.tuple([dimension, dimension]));

const closeness = z
  .string()
  .regex(/^c\d{1,3}$/, 'expected a crop closeness such as c75')
  .transform((value) => Number(value.slice(1)))
  .pipe(z.number().max(100, 'crop closeness is at most c100'));

const quality = z
  .string()
  .regex(/^\d{1,3}$/, 'expected a quality from 1 to 100')
  .transform(Number)
  .pipe(z.number().min(1, 'quality is at least 1').max(100, 'quality is at most 100'));

// Each operation's arguments (the parts after its name) and what it contributes to the spec.
const OPERATIONS: Record<string, z.ZodType<FilterSpec>> = {
  original: z.tuple([]).transform(() => ({})),
  fill: z
    .tuple([box, closeness.optional()])
    .transform(([[width, height], crop]) => ({ resize: { kind: 'fill' as const, width, height, closeness: crop ?? 0 } })),
  max: z.tuple([box]).transform(([[width, height]]) => ({ resize: { kind: 'max' as const, width, height } })),
  width: z.tuple([dimension]).transform(([width]) => ({ resize: { kind: 'width' as const, width } })),
  format: z.tuple([z.enum(OUTPUT_FORMATS, `expected one of ${OUTPUT_FORMATS.join(', ')}`)]).transform(([format]) => ({ format })),
  jpegquality: z.tuple([quality]).transform(([value]) => ({ jpegQuality: value })),
  webpquality: z.tuple([quality]).transform(([value]) => ({ webpQuality: value })),
  avifquality: z.tuple([quality]).transform(([value]) => ({ avifQuality: value })),
};

/**
 * Parses a Wagtail-style filter spec: operations joined by `|`, at most one resize, one
 * format and one quality per encoding. Throws a ValidationError naming the spec.
 */
export function parseFilterSpec(spec: string): FilterSpec {
  function refuse(reason: string): never {
    throw new ValidationError(`Invalid image filter spec ${JSON.stringify(spec)}: ${reason}.`);
  }
  if (spec.length === 0 || spec.length > 255) refuse('expected 1 to 255 characters');
  const filter: FilterSpec = {};
  for (const operation of spec.split('|')) {
    const [name = '', ...args] = operation.split('-');
    const schema = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!schema) refuse(`unknown operation ${JSON.stringify(operation)} (use ${Object.keys(OPERATIONS).join(', ')})`);
    const parsed = schema.safeParse(args);
    if (!parsed.success) refuse(`${operation}: ${parsed.error.issues[0]!.message}`);
    for (const key of Object.keys(parsed.data) as Array<keyof FilterSpec>) {
      if (filter[key] !== undefined) refuse(key === 'resize' ? 'use only one of fill, max and width' : `${operation} repeats an earlier operation`);
    }
    Object.assign(filter, parsed.data);
  }
  return filter;
}

/** The canonical text of a spec, so that equivalent specs share one cached rendition. */
export function formatFilterSpec(filter: FilterSpec): string {
  const { resize } = filter;
  const parts = [
    resize?.kind === 'fill' && `fill-${resize.width}x${resize.height}${resize.closeness ? `-c${resize.closeness}` : ''}`,
    resize?.kind === 'max' && `max-${resize.width}x${resize.height}`,
    resize?.kind === 'width' && `width-${resize.width}`,
    filter.format && `format-${filter.format}`,
    filter.jpegQuality && `jpegquality-${filter.jpegQuality}`,
    filter.webpQuality && `webpquality-${filter.webpQuality}`,
    filter.avifQuality && `avifquality-${filter.avifQuality}`,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join('|') : 'original';
}

/**
 * Wagtail's fill: the largest region of the target's aspect ratio (zoomed towards the focal
 * point by `closeness` without dropping below the target size), centred as near the focal
 * point's centre as the image edges allow.
 */
export function fillCropRect(
  source: { width: number; height: number },
  target: { width: number; height: number; closeness?: number },
  focalPoint?: FocalPoint,
): Rect {
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

/** The public URL of a rendition's file. */
export function renditionUrl(rendition: Pick<ImageRendition, 'file'>): string {
  return RENDITION_URL_PREFIX + path.posix.basename(rendition.file);
}

// Renditions never change once made, and the key holds everything that shapes their bytes
// (source hash, focal point, spec) and the image's renditions generation, which every change
// that deletes renditions bumps, so a process may remember them without asking again and
// never hands out one whose file is gone; bounded so a huge library cannot grow the process.
const RENDITION_MEMO_LIMIT = 10_000;
const renditionMemo = new Map<string, ImageRendition>();

function remember(key: string, rendition: ImageRendition): ImageRendition {
  if (renditionMemo.size >= RENDITION_MEMO_LIMIT) renditionMemo.delete(renditionMemo.keys().next().value!);
  renditionMemo.set(key, rendition);
  return rendition;
}

/**
 * The rendition of an image for a filter spec: the recorded one when it exists, else made with
 * sharp, stored, and recorded. Safe to call concurrently for the same rendition.
 */
export async function getRendition(db: Db, storage: MediaStorage, image: Image, spec: string | FilterSpec): Promise<ImageRendition> {
  const filter = typeof spec === 'string' ? parseFilterSpec(spec) : spec;
  const filterSpec = formatFilterSpec(filter);
  const focalPointKey = focalPointKeyFor(image, filter);
  const find = () =>
    db
      .selectFrom('image_renditions')
      .selectAll()
      .where('image_id', '=', image.id)
      .where('filter_spec', '=', filterSpec)
      .where('focal_point_key', '=', focalPointKey)
      .executeTakeFirst();

  const memoKey = `${image.id}|${image.renditions_generation}|${image.file_hash}|${focalPointKey}|${filterSpec}`;
  const remembered = renditionMemo.get(memoKey);
  if (remembered) return remembered;
  const cached = await find();
  if (cached) return remember(memoKey, cached);

  const { bytes, width, height, format } = await renderImage(await storage.read(image.file), image, filter);
  const digest = createHash('sha1').update(`${filterSpec}\n${focalPointKey}\n${image.file_hash}`).digest('hex').slice(0, 16);
  const file = mediaKey('images', `${image.id}-${digest}.${EXTENSIONS[format]}`);
  await storage.save(file, bytes);
  // A concurrent request may have recorded the same rendition first; both wrote identical
  // bytes to the same name, so keep whichever row won.
  await db
    .insertInto('image_renditions')
    .values({ image_id: image.id, filter_spec: filterSpec, focal_point_key: focalPointKey, file, width, height })
    .onConflict((conflict) => conflict.columns(['image_id', 'filter_spec', 'focal_point_key']).doNothing())
    .execute();
  const recorded = await find();
  if (!recorded) throw new Error(`Rendition ${filterSpec} of image ${image.id} vanished after it was recorded.`);
  return remember(memoKey, recorded);
}

const imagePropsOptionsSchema = z.object({
  spec: z.string(),
  srcsetWidths: z.array(z.number().int().min(1).max(MAX_RENDITION_DIMENSION)).optional(),
  sizes: z.string().trim().min(1).optional(),
  alt: z.string().optional(),
});

/**
 * Props for an `<img>` of the image: `src` from `spec`, and a `srcSet` of one rendition per
 * width (same crop and quality, WebP unless the spec names a format), leaving out widths the
 * source cannot supply without upscaling. `alt` defaults to the image title.
 */
export async function imageProps(db: Db, storage: MediaStorage, image: Image, options: ImagePropsOptions): Promise<ImageProps> {
  const parsed = imagePropsOptionsSchema.safeParse(options);
  if (!parsed.success) throw new ValidationError(`Invalid image options: ${parsed.error.issues[0]!.message}`);
  const { spec, srcsetWidths = [], sizes, alt = image.title } = parsed.data;
  const filter = parseFilterSpec(spec);
  const main = await getRendition(db, storage, image, filter);
  const props: ImageProps = { src: renditionUrl(main), width: main.width, height: main.height, alt };

  const widestAvailable = widestWithoutUpscaling(image, filter.resize);
  const widths = [...new Set(srcsetWidths)].filter((width) => width <= widestAvailable).sort((a, b) => a - b);
  if (widths.length === 0) return props;
  const candidates = await Promise.all(
    widths.map(async (width) => {
      const rendition = await getRendition(db, storage, image, { ...filter, resize: resizeAtWidth(filter.resize, width), format: filter.format ?? 'webp' });
      return `${renditionUrl(rendition)} ${rendition.width}w`;
    }),
  );
  return { ...props, srcSet: candidates.join(', '), ...(sizes ? { sizes } : {}) };
}

function resizeAtWidth(resize: ResizeOperation | undefined, width: number): ResizeOperation {
  if (resize?.kind !== 'fill') return { kind: 'width', width };
  return { ...resize, width, height: Math.max(1, Math.round((width * resize.height) / resize.width)) };
}

function widestWithoutUpscaling(image: Image, resize: ResizeOperation | undefined): number {
  if (resize?.kind !== 'fill') return image.width;
  return Math.floor(Math.min(image.width, (image.height * resize.width) / resize.height));
}

/** Only fill looks at the focal point, so only fill renditions are keyed by it. */
function focalPointKeyFor(image: Image, filter: FilterSpec): string {
  if (filter.resize?.kind !== 'fill') return '';
  const focalPoint = focalPointOf(image);
  return focalPoint ? `${focalPoint.x}-${focalPoint.y}-${focalPoint.width}x${focalPoint.height}` : 'centre';
}

async function renderImage(
  source: Buffer,
  image: Image,
  filter: FilterSpec,
): Promise<{ bytes: Buffer; width: number; height: number; format: OutputFormat }> {
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

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
