import { z } from 'zod';
import type { IframeProps } from '../../client/blocks/Iframe';
import { defineBlock } from './types';

// Frames load only over https: a plain-http page inside ours would be blocked as mixed content.
const frameUrlSchema = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'must be an https:// address' }));

/**
 * Another site's page in a frame (SPEC §3 "Iframe block"), such as a map or a menu, with its
 * own address for small screens and a link to open it directly when the frame cannot load.
 */
export const iframeBlock = defineBlock({
  type: 'iframe',
  label: 'Iframe',
  schema: z.object({
    url: frameUrlSchema.meta({ widget: 'url', help_text: 'An https:// address on a site the configuration allows to be framed (FRAME_ORIGINS).' }),
    mobile_url: frameUrlSchema.nullable().default(null).meta({ widget: 'url', help_text: 'Used on screens up to 840px wide, when set.' }),
    default_height: z.number().int().min(100).max(4000).default(600).meta({ label: 'Height (px)', help_text: '100 to 4000; 600 when empty.' }),
    title: z
      .string()
      .trim()
      .min(1, 'a frame needs a title that says what it shows')
      .max(255)
      .meta({ help_text: 'What the frame shows, for screen readers, e.g. "Map of our restaurants".' }),
  }),
  toProps: (value): IframeProps => value,
});
