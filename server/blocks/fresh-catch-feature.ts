import { z } from 'zod';
import type { FreshCatchFeatureProps } from '../../client/blocks/FreshCatchFeature';
import { optionalLinkSchema, optionalText } from './media-fields';
import { imageRefSchema, resolveImage, resolveLink } from './references';
import { defineBlock } from './types';

/** One fish on the day's board. */
const fishSchema = z.object({
  name: z.string().trim().min(1).max(80),
  origin: optionalText(120),
  preparation: optionalText(160),
});

/** The day's fresh catch: a heading and intro, the fish on the board, a picture and a link. */
export const freshCatchFeatureBlock = defineBlock({
  type: 'fresh_catch_feature',
  label: 'Fresh catch feature',
  preview: {
    heading: "Today's fresh catch",
    intro: 'Landed this morning, on your plate tonight.',
    fish: [
      { name: 'Atlantic salmon', origin: 'Bay of Fundy', preparation: 'Wood-grilled' },
      { name: 'Haddock', origin: 'Georges Bank', preparation: 'Pan-seared' },
    ],
  },
  schema: z.object({
    heading: z.string().trim().min(1).max(120),
    intro: optionalText(600).meta({ widget: 'textarea' }),
    fish: z.array(fishSchema).min(1).max(12),
    image: imageRefSchema.nullable().default(null),
    link: optionalLinkSchema,
  }),
  toProps: async (value, context): Promise<FreshCatchFeatureProps> => ({
    heading: value.heading,
    intro: value.intro || null,
    fish: value.fish.map((fish) => ({ name: fish.name, origin: fish.origin || null, preparation: fish.preparation || null })),
    // Portrait beside the board on wide screens, a 3:2 band above it on phones.
    image: await resolveImage(context, value.image, {
      spec: 'fill-900x1100-c30|format-webp',
      srcsetWidths: [420, 640, 900],
      sizes: '(min-width: 1200px) 460px, (min-width: 841px) 40vw, 100vw',
    }),
    link: await resolveLink(context, value.link),
  }),
});
