import { z } from 'zod';
import type { AccordionFeatureProps } from '../../client/blocks/AccordionFeature';
import { sanitizeRichText } from '../rich-text';
import { accordionItemsProps, accordionItemsSchema } from './accordion';
import { imageRefSchema, linkSchema, resolveImage, resolveLink } from './references';
import { optionalRichTextSchema } from './text-fields';
import { defineBlock } from './types';

/** A heading, intro and accordion beside a feature image, which sits left or right on wide screens. */
export const accordionFeatureBlock = defineBlock({
  type: 'accordion_feature',
  label: 'Accordion feature',
  schema: z.object({
    heading: z.string().trim().min(1).max(255),
    intro: optionalRichTextSchema,
    accordions: accordionItemsSchema,
    image: imageRefSchema.meta({ label: 'Feature image' }),
    image_position: z.enum(['left', 'right']).default('right'),
    link: linkSchema.nullable().default(null),
  }),
  toProps: async (value, context): Promise<AccordionFeatureProps> => ({
    heading: value.heading,
    intro: sanitizeRichText(value.intro),
    items: accordionItemsProps(value.accordions),
    image: await resolveImage(context, value.image, {
      spec: 'fill-960x1080-c60',
      srcsetWidths: [480, 960],
      sizes: '(min-width: 841px) 45vw, 100vw',
    }),
    imagePosition: value.image_position,
    link: await resolveLink(context, value.link),
  }),
});
