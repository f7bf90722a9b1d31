import { z } from 'zod';
import { TWO_COLUMN_HERO_SCHEMES, type TwoColumnHeroProps } from '../../client/blocks/TwoColumnHero';
import { sanitizeRichText } from '../rich-text';
import { imageSideSchema, optionalText, resolveLinks } from './media-fields';
import { imageRefSchema, linkSchema, resolveImage } from './references';
import { defineBlock } from './types';

// Half the page on wide screens, the full width on small ones.
const HALF_IMAGE = { spec: 'fill-1200x900-c50|format-webp', srcsetWidths: [480, 720, 960, 1200], sizes: '(min-width: 841px) 50vw, 100vw' };

/** A page-top banner split in two: a picture on one side, title, text and up to two buttons on a colour field on the other. */
export const twoColumnHeroBlock = defineBlock({
  type: 'two_column_hero',
  label: 'Two column hero',
  schema: z.object({
    image: imageRefSchema,
    image_side: imageSideSchema.default('right'),
    color_scheme: z
      .enum(TWO_COLUMN_HERO_SCHEMES)
      .default('navy')
      .meta({
        label: 'Colour scheme',
        choices: [
          ['navy', 'Navy'],
          ['lobster', 'Lobster red'],
          ['shoreline', 'Shoreline'],
        ],
      }),
    title: z.string().trim().min(1).max(120),
    text: z.string().max(5000).default('').meta({ widget: 'rich_text' }),
    links: z.array(linkSchema).max(2).default([]),
    fineprint: optionalText(400).meta({ label: 'Fine print', widget: 'textarea' }),
  }),
  toProps: async (value, context): Promise<TwoColumnHeroProps> => ({
    image: await resolveImage(context, value.image, HALF_IMAGE),
    imageSide: value.image_side,
    colorScheme: value.color_scheme,
    title: value.title,
    html: value.text ? sanitizeRichText(value.text) : null,
    links: await resolveLinks(context, value.links),
    fineprint: value.fineprint || null,
  }),
});
