import { z } from 'zod';
import type { FeatureImageProps } from '../../client/blocks/FeatureImage';
import { CONTAINER_WIDTH_SIZES, optionalLinkSchema, optionalText } from './media-fields';
import { containerWidthSchema, imageRefSchema, resolveImage, resolveLink } from './references';
import { defineBlock } from './types';

/** A large picture with a caption and an optional call to action under it. */
export const featureImageBlock = defineBlock({
  type: 'feature_image',
  label: 'Feature image',
  schema: z.object({
    image: imageRefSchema,
    caption: optionalText(300).meta({ widget: 'textarea' }),
    link: optionalLinkSchema,
    container_width: containerWidthSchema,
  }),
  toProps: async (value, context): Promise<FeatureImageProps> => ({
    // 16:9 whatever the editor uploads, so features read as one series down a page.
    image: await resolveImage(context, value.image, {
      spec: 'fill-1600x900-c30|format-webp',
      srcsetWidths: [480, 800, 1200, 1600],
      sizes: CONTAINER_WIDTH_SIZES[value.container_width],
    }),
    caption: value.caption || null,
    link: await resolveLink(context, value.link),
    containerWidth: value.container_width,
  }),
});
