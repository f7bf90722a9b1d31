import { z } from 'zod';
import { BACKGROUND_STYLES } from '../../client/lib/background-styles';
import type { CustomBackgroundWrapperProps } from '../../client/blocks/CustomBackgroundWrapper';
import { containerWidthSchema, imageRefSchema, resolveImage } from './references';
import { resolveStream, streamFieldSchema } from './stream';
import { defineBlock } from './types';

/**
 * A band with a background image and/or one of the six background styles, holding other blocks
 * (any type, wrappers included).
 */
export const customBackgroundWrapperBlock = defineBlock({
  type: 'custom_background_wrapper',
  label: 'Custom background image wrapper',
  preview: {
    background_style: 'lighthouse',
    content: [
      { type: 'heading', id: 'preview-heading', value: { text: 'Join us for Lobsterfest' } },
      { type: 'rich_text', id: 'preview-text', value: { html: '<p>Six weeks of lobster, every way we know how.</p>' } },
    ],
  },
  schema: z
    .object({
      background_image: imageRefSchema.nullable().default(null),
      background_style: z.enum(BACKGROUND_STYLES).nullable().default(null).meta({ help_text: 'Sets the text colours; with an image too, it tints the image so text stays readable.' }),
      container_width: containerWidthSchema,
      content: streamFieldSchema.meta({ help_text: 'The blocks shown on the background.' }),
    })
    .refine((value) => value.background_image !== null || value.background_style !== null, {
      message: 'choose a background image, a background style or both',
      path: ['background_style'],
    }),
  toProps: async (value, context): Promise<CustomBackgroundWrapperProps> => {
    const [image, content] = await Promise.all([
      resolveImage(context, value.background_image, { spec: 'width-1920', srcsetWidths: [640, 1280, 1920], sizes: '100vw', alt: '' }),
      resolveStream(value.content, context),
    ]);
    return { image, backgroundStyle: value.background_style, containerWidth: value.container_width, content };
  },
});
