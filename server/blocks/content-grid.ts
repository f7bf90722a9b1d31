import { z } from 'zod';
import type { ContentGridProps } from '../../client/blocks/ContentGrid';
import { containerWidthSchema, imageRefSchema, linkSchema, resolveImage, resolveLink } from './references';
import { optionalHeadingSchema } from './text-fields';
import { defineBlock } from './types';

/** Cards of image, title, text and link that flow into as many columns as the width allows. */
export const contentGridBlock = defineBlock({
  type: 'content_grid',
  label: 'Content grid',
  preview: {
    heading: 'Why guests come back',
    items: [
      { title: 'Caught today', text: 'Fish from the morning boats, on the menu by lunch.' },
      { title: 'Made here', text: 'Chowder, biscuits and sauces from our own kitchens.' },
      { title: 'Served warmly', text: 'The same crew, night after night.' },
    ],
  },
  schema: z.object({
    heading: optionalHeadingSchema,
    items: z
      .array(
        z.object({
          image: imageRefSchema.nullable().default(null),
          title: z.string().trim().min(1).max(120),
          text: z.string().trim().max(1_000).default(''),
          link: linkSchema.nullable().default(null),
        }),
      )
      .min(1)
      .max(24),
    container_width: containerWidthSchema,
  }),
  toProps: async (value, context): Promise<ContentGridProps> => ({
    heading: value.heading,
    items: await Promise.all(
      value.items.map(async (item) => ({
        title: item.title,
        text: item.text,
        // The card's title says what the picture shows, so a screen reader need not hear it twice.
        image: await resolveImage(context, item.image, {
          spec: 'fill-640x440-c40',
          srcsetWidths: [320, 640],
          sizes: '(min-width: 1280px) 380px, (min-width: 841px) 30vw, 100vw',
          alt: '',
        }),
        link: await resolveLink(context, item.link),
      })),
    ),
    containerWidth: value.container_width,
  }),
});
