import { z } from 'zod';
import type { FullWidthMediaProps } from '../../client/blocks/FullWidthMedia';
import { resolveArtDirectedImage } from './art-directed-image';
import { optionalLinkSchema, optionalText, textStyleSchema } from './media-fields';
import { imageRefSchema, resolveLink } from './references';
import { defineBlock } from './types';
import { resolveVideo, videoRefSchema } from './video';

// Wide: a 21:9 band edge to edge. Narrow: 4:3, with the call to action under it.
const BAND_IMAGE = {
  wide: { spec: 'fill-1920x823-c40|format-webp', srcsetWidths: [960, 1280, 1600, 1920], sizes: '100vw' },
  narrow: { spec: 'fill-840x630-c40|format-webp', srcsetWidths: [420, 640, 840], sizes: '100vw' },
};

/** A picture or muted looping video across the whole page, optionally with a call to action over it. */
export const fullWidthMediaBlock = defineBlock({
  type: 'full_width_media',
  label: 'Full-width media',
  schema: z
    .object({
      image: imageRefSchema.nullable().default(null),
      background_video: videoRefSchema.nullable().default(null),
      heading: optionalText(120).meta({ label: 'Call to action heading' }),
      text: optionalText(400).meta({ label: 'Call to action text', widget: 'textarea' }),
      link: optionalLinkSchema,
      text_style: textStyleSchema.default('light').meta({
        choices: [
          ['dark', 'Dark text (for light images)'],
          ['light', 'Light text (for dark images)'],
        ],
      }),
    })
    .refine((media) => media.image !== null || media.background_video !== null, 'full-width media needs an image or a background video'),
  toProps: async (value, context): Promise<FullWidthMediaProps> => {
    const video = value.background_video === null ? null : await resolveVideo(context, value.background_video);
    const [image, link] = await Promise.all([video ? null : resolveArtDirectedImage(context, value.image, BAND_IMAGE), resolveLink(context, value.link)]);
    return { image, video, heading: value.heading || null, text: value.text || null, link, textStyle: value.text_style };
  },
});
