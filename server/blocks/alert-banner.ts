import { z } from 'zod';
import { ALERT_BANNER_STYLES, type AlertBannerProps } from '../../client/blocks/AlertBanner';
import { sanitizeRichText } from '../rich-text';
import { linkSchema, resolveLink } from './references';
import { richTextSchema } from './text-fields';
import { defineBlock } from './types';

const STYLE_LABELS: Record<(typeof ALERT_BANNER_STYLES)[number], string> = {
  lobster: 'Lobster',
  'wood-texture': 'Wood texture',
  lighthouse: 'Lighthouse',
  'faded-shoreline': 'Faded shoreline',
  'military-monday': 'Military Monday',
  'blue-chill': 'Blue chill',
  navy: 'Navy',
  shoreline: 'Shoreline',
};

/** A short announcement strip (holiday hours, a limited-time offer) with an optional link. */
export const alertBannerBlock = defineBlock({
  type: 'alert_banner',
  label: 'Alert banner',
  preview: { message: '<p>Our restaurants close at 4 pm on Christmas Eve.</p>', style: 'lobster' },
  schema: z.object({
    message: richTextSchema.max(2_000),
    link: linkSchema.nullable().default(null),
    style: z
      .enum(ALERT_BANNER_STYLES)
      .default('lobster')
      .meta({ choices: ALERT_BANNER_STYLES.map((style) => [style, STYLE_LABELS[style]] as const) }),
  }),
  toProps: async (value, context): Promise<AlertBannerProps> => ({
    message: sanitizeRichText(value.message),
    link: await resolveLink(context, value.link),
    style: value.style,
  }),
});
