import { z } from 'zod';
import type { HeroProps } from '../../client/blocks/Hero';
import { ALIGNMENTS } from './fields';
import { resolveArtDirectedImage } from './art-directed-image';
import { destinationSchema, optionalText, resolveDestination, textStyleSchema } from './media-fields';
import { buttonStyleSchema, imageRefSchema } from './references';
import { defineBlock } from './types';

// Wide: a 12:5 banner across the page. Narrow: 4:3, so the subject survives on a phone.
const HERO_IMAGE = {
  wide: { spec: 'fill-1920x800-c50|format-webp', srcsetWidths: [960, 1280, 1600, 1920], sizes: '100vw' },
  narrow: { spec: 'fill-840x630-c50|format-webp', srcsetWidths: [420, 640, 840], sizes: '100vw' },
};

/** The banner at the top of a page (SPEC §3 Hero): image, title, subtitle and a call to action. */
export const heroBlock = defineBlock({
  type: 'hero',
  label: 'Hero',
  preview: { title: 'Lobster season is here', subtitle: 'Fresh Maine lobster, steamed, grilled or in a roll.', text_style: 'light', link: { url: '/menu/' }, link_text: 'See the menu' },
  schema: z
    .object({
      image: imageRefSchema.nullable().default(null),
      image_alignment: z.enum(ALIGNMENTS).default('center').meta({ help_text: 'The part of the picture kept in view; the text sits on the other side.' }),
      text_style: textStyleSchema.meta({
        choices: [
          ['dark', 'Dark text (for light images)'],
          ['light', 'Light text (for dark images)'],
        ],
      }),
      title: z.string().trim().min(1).max(120),
      subtitle: optionalText(300).meta({ widget: 'textarea' }),
      link: destinationSchema.nullable().default(null),
      link_text: optionalText(60).meta({ help_text: 'Required when the hero links somewhere.' }),
      link_style: buttonStyleSchema,
    })
    .refine((hero) => hero.link === null || hero.link_text !== '', { message: 'a hero link needs link text', path: ['link_text'] }),
  toProps: async (value, context): Promise<HeroProps> => ({
    image: await resolveArtDirectedImage(context, value.image, HERO_IMAGE),
    imageAlignment: value.image_alignment,
    textStyle: value.text_style,
    title: value.title,
    subtitle: value.subtitle || null,
    link: await resolveDestination(context, value.link, value.link_text, value.link_style),
  }),
});
