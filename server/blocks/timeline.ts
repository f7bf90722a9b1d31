import { z } from 'zod';
import type { TimelineProps } from '../../client/blocks/Timeline';
import { sanitizeRichText } from '../rich-text';
import { imageRefSchema, resolveImage } from './references';
import { optionalRichTextSchema, richTextSchema } from './text-fields';
import { defineBlock } from './types';

/** Dated milestones along a line: alternating sides on wide screens, or all on one side. */
export const timelineBlock = defineBlock({
  type: 'timeline',
  label: 'Timeline',
  preview: {
    events: [
      { year: '1968', content: '<p>The first restaurant opens by the harbor.</p>' },
      { year: '1995', content: '<p>Fifty restaurants along the coast.</p>' },
    ],
  },
  schema: z.object({
    layout: z
      .enum(['alternating', 'stacked'])
      .default('alternating')
      .meta({
        choices: [
          ['alternating', 'Alternating sides'],
          ['stacked', 'One side'],
        ],
      }),
    header: optionalRichTextSchema,
    events: z
      .array(
        z.object({
          year: z.string().trim().min(1).max(20),
          content: richTextSchema,
          image: imageRefSchema.nullable().default(null),
        }),
      )
      .min(1)
      .max(50),
    footer: optionalRichTextSchema,
  }),
  toProps: async (value, context): Promise<TimelineProps> => ({
    layout: value.layout,
    header: sanitizeRichText(value.header),
    events: await Promise.all(
      value.events.map(async (event) => ({
        year: event.year,
        content: sanitizeRichText(event.content),
        image: await resolveImage(context, event.image, { spec: 'fill-720x480-c40', srcsetWidths: [360, 720], sizes: '(min-width: 841px) 420px, 100vw' }),
      })),
    ),
    footer: sanitizeRichText(value.footer),
  }),
});
