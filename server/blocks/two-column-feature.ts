import { z } from 'zod';
import type { TwoColumnFeatureProps } from '../../client/blocks/TwoColumnFeature';
import { sanitizeRichText } from '../rich-text';
import { imageSideSchema, optionalLinkSchema, optionalText } from './media-fields';
import { imageRefSchema, resolveImage, resolveLink } from './references';
import { defineBlock } from './types';

// Seven of twelve columns of the 1200px container on wide screens; full width below.
const FEATURE_IMAGE = { spec: 'fill-1200x800-c30|format-webp', srcsetWidths: [480, 720, 960, 1200], sizes: '(min-width: 1200px) 680px, (min-width: 841px) 58vw, 100vw' };

/** A picture beside a heading, text and a call to action, on the 12-column grid. */
export const twoColumnFeatureBlock = defineBlock({
  type: 'two_column_feature',
  label: 'Two column feature',
  schema: z.object({
    image: imageRefSchema,
    image_side: imageSideSchema.default('left'),
    eyebrow: optionalText(60).meta({ help_text: 'A short line above the heading, such as "New on the menu".' }),
    heading: z.string().trim().min(1).max(120),
    text: z.string().max(5000).default('').meta({ widget: 'rich_text' }),
    link: optionalLinkSchema,
  }),
  toProps: async (value, context): Promise<TwoColumnFeatureProps> => ({
    image: await resolveImage(context, value.image, FEATURE_IMAGE),
    imageSide: value.image_side,
    eyebrow: value.eyebrow || null,
    heading: value.heading,
    html: value.text ? sanitizeRichText(value.text) : null,
    link: await resolveLink(context, value.link),
  }),
});
