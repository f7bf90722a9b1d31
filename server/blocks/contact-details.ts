import { z } from 'zod';
import type { ContactDetailsProps } from '../../client/blocks/ContactDetails';
import { DEFAULT_SITE_SETTINGS } from '../models/site-settings';
import { sanitizeRichText } from '../rich-text';
import { optionalHeadingSchema, optionalRichTextSchema } from './text-fields';
import { defineBlock } from './types';

/**
 * The guest phone line, its hours and the private-dining room sizes, read from the site
 * settings when the page is rendered, so every page names the same numbers.
 */
export const contactDetailsBlock = defineBlock({
  type: 'contact_details',
  label: 'Contact details',
  schema: z.object({
    heading: optionalHeadingSchema,
    text: optionalRichTextSchema,
    show_hours: z.boolean().default(true),
    show_private_dining: z.boolean().default(false),
  }),
  fields: [
    { name: 'heading', label: 'Heading', kind: 'text' },
    { name: 'text', label: 'Text', kind: 'rich_text', help_text: 'Shown before the phone number.' },
    { name: 'show_hours', label: 'Show the phone hours', kind: 'boolean', help_text: 'The number and hours come from the site settings.' },
    { name: 'show_private_dining', label: 'Show the private dining room sizes', kind: 'boolean', help_text: 'The sizes come from the site settings.' },
  ],
  toProps: async (value, context): Promise<ContactDetailsProps> => {
    // Outside a page render (block tests) there is no site to ask; the defaults stand in.
    const settings = context.siteSettings ? await context.siteSettings() : DEFAULT_SITE_SETTINGS;
    return {
      heading: value.heading || null,
      html: value.text ? sanitizeRichText(value.text) : null,
      phone: settings.nationalPhone,
      hours: value.show_hours ? settings.guestRelationsHours : null,
      privateDiningGuests: value.show_private_dining ? settings.privateDiningGuests : null,
    };
  },
});
