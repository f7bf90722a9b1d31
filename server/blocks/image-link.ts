import { z } from 'zod';
import type { ImageLinkProps } from '../../client/blocks/ImageLink';
import type { ImagePropsOptions } from '../models/renditions';
import { destinationSchema, resolveDestination } from './media-fields';
import { imageRefSchema, resolveImage } from './references';
import { defineBlock, type BlockContext } from './types';

/** An image that links somewhere, named by its text (also the value of each link row link). */
export const imageLinkValueSchema = z.object({
  image: imageRefSchema,
  text: z.string().trim().min(1).max(80).meta({ label: 'Link text', help_text: 'Names the link for everyone, including screen reader users.' }),
  link: destinationSchema,
});

/** An image link as stored. */
export type ImageLinkValue = z.output<typeof imageLinkValueSchema>;

/** An image link's props; `url` is null when its page is gone, and the link is then left out. */
export async function resolveImageLink(context: BlockContext, value: ImageLinkValue, image: ImagePropsOptions): Promise<ImageLinkProps> {
  // The text names the link, so the picture is decoration: an alt would read the name twice.
  const [link, picture] = await Promise.all([resolveDestination(context, value.link, value.text), resolveImage(context, value.image, { ...image, alt: '' })]);
  return { image: picture, text: value.text, url: link?.url ?? null, external: link?.external ?? false };
}

/** A wide picture banner that links to a page or an address, its text on a label over it. */
export const imageLinkBlock = defineBlock({
  type: 'image_link',
  label: 'Image link',
  schema: imageLinkValueSchema,
  toProps: (value, context): Promise<ImageLinkProps> =>
    resolveImageLink(context, value, { spec: 'fill-1600x600-c50|format-webp', srcsetWidths: [480, 800, 1200, 1600], sizes: '(min-width: 1200px) 1136px, 100vw' }),
});
