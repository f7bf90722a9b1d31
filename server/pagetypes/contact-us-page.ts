import { z } from 'zod';
import type { ContactUsProps } from '../../client/templates/ContactUs';
import type { ContactUsLandingProps } from '../../client/templates/ContactUsLanding';
import { resolveStream, streamFieldSchema } from '../blocks/stream';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

/** The contact-us page: body blocks, then the 'Send Us a Message' section with its intro. */
export const contactUsPage = definePageType({
  name: 'contact_us_page',
  label: 'Contact us page',
  template: 'contact us',
  fields: z.object({ body: streamFieldSchema, form_intro: z.string().trim().max(1000).default('') }),
  adminFields: [
    { name: 'body', label: 'Body', kind: 'stream' },
    { name: 'form_intro', label: 'Form introduction', kind: 'textarea', help_text: "Shown under the 'Send Us a Message' heading." },
  ],
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(page, fields, context): Promise<ContactUsProps> {
    return { title: page.title, body: await resolveStream(fields.body, context), form_intro: fields.form_intro };
  },
});

/** Where a visitor lands after sending a message: body blocks and confirmation content. */
export const contactUsLandingPage = definePageType({
  name: 'contact_us_landing_page',
  label: 'Contact us landing page',
  template: 'contact us landing page',
  fields: z.object({ body: streamFieldSchema, confirmation: streamFieldSchema }),
  adminFields: [
    { name: 'body', label: 'Body', kind: 'stream' },
    { name: 'confirmation', label: 'Confirmation content', kind: 'stream', help_text: 'Thanks the visitor for their message.' },
  ],
  parentTypes: ['contact_us_page', ...CONTENT_PARENT_TYPES],
  robots: 'noindex',
  async getProps(page, fields, context): Promise<ContactUsLandingProps> {
    const [body, confirmation] = await Promise.all([resolveStream(fields.body, context), resolveStream(fields.confirmation, context)]);
    return { title: page.title, body, confirmation };
  },
});
