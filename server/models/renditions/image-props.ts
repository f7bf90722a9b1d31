/** The props of an `<img>` of an image: a rendition for `src`, and a `srcSet` of widths. */
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Image } from '../../db/schema';
import { ValidationError } from '../../errors';
import type { MediaStorage } from '../../media-storage';
import { MAX_RENDITION_DIMENSION, parseFilterSpec, type ResizeOperation } from './filter-spec';
import { getRendition, renditionUrl } from './get-rendition';

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
