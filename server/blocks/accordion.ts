import { z } from 'zod';
import type { AccordionProps } from '../../client/blocks/Accordion';
import type { AccordionItem } from '../../client/blocks/AccordionList';
import { sanitizeRichText } from '../rich-text';
import { imageRefSchema, resolveImage } from './references';
import { optionalHeadingSchema, richTextSchema } from './text-fields';
import { defineBlock } from './types';

/** The rows of an accordion (SPEC §3): a label always shown and rich text it reveals; 1 to 30. */
export const accordionItemsSchema = z
  .array(z.object({ default_content: z.string().trim().min(1).max(255), hidden_content: richTextSchema }))
  .min(1)
  .max(30);

/** Accordion rows for the component, their hidden content sanitized. */
export function accordionItemsProps(items: z.output<typeof accordionItemsSchema>): AccordionItem[] {
  return items.map((item) => ({ defaultContent: item.default_content, hiddenContent: sanitizeRichText(item.hidden_content) }));
}

/** Rows that open and close independently (several at once), with an optional image beside them. */
export const accordionBlock = defineBlock({
  type: 'accordion',
  label: 'Accordion',
  preview: {
    heading: 'Good to know',
    accordions: [
      { default_content: 'Do you take reservations?', hidden_content: '<p>Yes, for parties of six or more. Smaller parties join the wait list online.</p>' },
      { default_content: 'Is there a kids menu?', hidden_content: '<p>Every restaurant has one, with a drink and a scoop of ice cream.</p>' },
    ],
  },
  schema: z.object({
    heading: optionalHeadingSchema,
    accordions: accordionItemsSchema,
    image: imageRefSchema.nullable().default(null),
  }),
  toProps: async (value, context): Promise<AccordionProps> => ({
    heading: value.heading,
    items: accordionItemsProps(value.accordions),
    image: await resolveImage(context, value.image, {
      spec: 'fill-800x600-c50',
      srcsetWidths: [400, 800, 1200],
      sizes: '(min-width: 841px) 40vw, 100vw',
    }),
  }),
});
