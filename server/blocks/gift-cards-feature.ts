import { z } from 'zod';
import type { GiftCardsFeatureProps } from '../../client/blocks/GiftCardsFeature';
import { sanitizeRichText } from '../rich-text';
import { optionalLinkSchema } from './media-fields';
import { imageRefSchema, linkSchema, resolveImage, resolveLink } from './references';
import { defineBlock } from './types';

/** Gift cards: a heading, text, a picture shown as a card, a link to buy and an optional second link. */
export const giftCardsFeatureBlock = defineBlock({
  type: 'gift_cards_feature',
  label: 'Gift cards feature',
  preview: { heading: 'Give the gift of seafood', text: '<p>Gift cards for any amount, by mail or by email.</p>', link: { text: 'Buy a gift card', url: '/gift-cards/' } },
  schema: z.object({
    heading: z.string().trim().min(1).max(120),
    text: z.string().max(5000).default('').meta({ widget: 'rich_text' }),
    image: imageRefSchema.nullable().default(null).meta({ label: 'Card image' }),
    link: linkSchema,
    secondary_link: optionalLinkSchema,
  }),
  toProps: async (value, context): Promise<GiftCardsFeatureProps> => {
    const [image, link, secondaryLink] = await Promise.all([
      // A gift card's own proportions (85.6 x 54 mm), so the picture reads as the card.
      resolveImage(context, value.image, { spec: 'fill-856x540-c30|format-webp', srcsetWidths: [428, 642, 856], sizes: '(min-width: 841px) 428px, 80vw' }),
      resolveLink(context, value.link),
      resolveLink(context, value.secondary_link),
    ]);
    return { heading: value.heading, html: value.text ? sanitizeRichText(value.text) : null, image, link, secondaryLink };
  },
});
