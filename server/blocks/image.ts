import { z } from 'zod';
import type { ImageBlockProps, ImageSourceProps } from '../../client/blocks/Image';
import type { ImageProps } from '../models/renditions';
import { CONTAINER_WIDTH_SIZES, optionalText } from './media-fields';
import { containerWidthSchema, imageRefSchema, resolveImage } from './references';
import { defineBlock, type BlockContext } from './types';

const SRCSET_WIDTHS = [480, 800, 1200, 1600];

/** A `<source>` offering the same renditions as AVIF, which is about a third smaller than WebP. */
async function avifSource(context: BlockContext, imageId: number, sizes: string): Promise<ImageSourceProps | null> {
  const avif: ImageProps | null = await resolveImage(context, imageId, { spec: 'max-1600x1600|format-avif', srcsetWidths: SRCSET_WIDTHS, sizes });
  if (!avif) return null;
  return { type: 'image/avif', srcSet: avif.srcSet ?? `${avif.src} ${avif.width}w`, sizes };
}

/** One library image at its own proportions (SPEC §3 Image: title, renditions, imageData). */
export const imageBlock = defineBlock({
  type: 'image',
  label: 'Image',
  schema: z.object({
    image: imageRefSchema,
    title: optionalText(200).meta({ help_text: 'Shown under the image; leave empty for none.' }),
    container_width: containerWidthSchema,
  }),
  toProps: async (value, context): Promise<ImageBlockProps> => {
    const sizes = CONTAINER_WIDTH_SIZES[value.container_width];
    const [imageData, avif] = await Promise.all([
      resolveImage(context, value.image, { spec: 'max-1600x1600', srcsetWidths: SRCSET_WIDTHS, sizes }),
      avifSource(context, value.image, sizes),
    ]);
    return { title: value.title || null, imageData, renditions: avif ? [avif] : [], containerWidth: value.container_width };
  },
});
