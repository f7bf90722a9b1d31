import { z } from 'zod';
import type { TabbedFeaturesProps } from '../../client/blocks/TabbedFeatures';
import { sanitizeRichText } from '../rich-text';
import { imageRefSchema, linkSchema, resolveImage, resolveLink } from './references';
import { optionalRichTextSchema, richTextSchema } from './text-fields';
import { defineBlock } from './types';

/** Features behind tabs: one panel shows at a time, each with text and an optional image and link. */
export const tabbedFeaturesBlock = defineBlock({
  type: 'tabbed_features',
  label: 'Tabbed features',
  preview: {
    header_content: '<h2>Something for everyone</h2>',
    tabs: [
      { tab_name: 'Lunch', content: '<p>Sandwiches and bowls, ready in fifteen minutes.</p>' },
      { tab_name: 'Dinner', content: "<p>Platters, grills and the day's catch.</p>" },
    ],
  },
  schema: z.object({
    header_content: optionalRichTextSchema,
    tabs: z
      .array(
        z.object({
          tab_name: z.string().trim().min(1).max(60),
          content: richTextSchema,
          image: imageRefSchema.nullable().default(null),
          link: linkSchema.nullable().default(null),
        }),
      )
      .min(1)
      .max(8),
  }),
  toProps: async (value, context): Promise<TabbedFeaturesProps> => ({
    headerContent: sanitizeRichText(value.header_content),
    tabs: await Promise.all(
      value.tabs.map(async (tab) => ({
        name: tab.tab_name,
        content: sanitizeRichText(tab.content),
        image: await resolveImage(context, tab.image, { spec: 'fill-800x600-c50', srcsetWidths: [400, 800], sizes: '(min-width: 841px) 45vw, 100vw' }),
        link: await resolveLink(context, tab.link),
      })),
    ),
  }),
});
