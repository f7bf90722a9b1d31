import { z } from 'zod';
import type { LinkRowLink, LinkRowProps } from '../../client/blocks/LinkRow';
import { imageLinkValueSchema, resolveImageLink } from './image-link';
import { optionalText } from './media-fields';
import { defineBlock } from './types';

// Round thumbnails: a quarter of the container at most, a third of a phone.
const THUMBNAIL = { spec: 'fill-480x480-c40|format-webp', srcsetWidths: [160, 240, 320, 480], sizes: '(min-width: 841px) 220px, 40vw' };

/** A row of picture links with a heading and fine print (SPEC §3 Link row). */
export const linkRowBlock = defineBlock({
  type: 'link_row',
  label: 'Link row',
  schema: z.object({
    heading: optionalText(120),
    links: z.array(imageLinkValueSchema).min(1).max(8),
    fineprint: optionalText(600).meta({ label: 'Fine print', widget: 'textarea' }),
  }),
  toProps: async (value, context): Promise<LinkRowProps> => {
    const links = await Promise.all(value.links.map((link) => resolveImageLink(context, link, THUMBNAIL)));
    return {
      heading: value.heading || null,
      links: links.filter((link): link is LinkRowLink => link.url !== null),
      fineprint: value.fineprint || null,
    };
  },
});
