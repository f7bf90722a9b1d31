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
  preview: { heading: 'Call us', text: '<p>Questions about an order or a visit? We are glad to help.</p>' },
  schema: z.object({
    heading: optionalHeadingSchema,
    text: optionalRichTextSchema.meta({ help_text: 'Shown before the phone number.' }),
    show_hours: z.boolean().default(true).meta({ label: 'Show the phone hours', help_text: 'The number and hours come from the site settings.' }),
    show_private_dining: z.boolean().default(false).meta({ label: 'Show the private dining room sizes', help_text: 'The sizes come from the site settings.' }),
  }),
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
