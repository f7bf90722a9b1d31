import { z } from 'zod';
import type { ContactUsProps } from '../../client/templates/ContactUs';
import type { ContactUsLandingProps } from '../../client/templates/ContactUsLanding';
import { pageRefSchema } from '../blocks/references';
import { resolveStream, streamFieldSchema } from '../blocks/stream';
import { contactFormFor } from '../forms/contact-form';
import { serializeForm } from '../forms/form';
import { pickedLocation, requireCaptcha, showsSubmitted } from './form-pages';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

/** The contact page's fields; the form posting view reads them too. */
export const contactUsPageFields = z.object({
  body: streamFieldSchema,
  form_intro: z.string().trim().max(1000).default('').meta({ label: 'Form introduction', widget: 'textarea', help_text: "Shown under the 'Send Us a Message' heading." }),
  /** Where messages are sent; CONTACT_TO_ADDRESS when empty. */
  to_address: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address.')
    .default('')
    .meta({ label: 'Send messages to', help_text: 'The address each message is emailed to.' }),
  /** The page a visitor lands on after sending; the first landing page child when unset. */
  landing_page: pageRefSchema.nullable().default(null).meta({ help_text: 'The contact us landing page shown after sending.' }),
});

/** The contact-us page: body blocks, then the 'Send Us a Message' section with its intro. */
export const contactUsPage = definePageType({
  name: 'contact_us_page',
  label: 'Contact us page',
  template: 'contact us',
  fields: contactUsPageFields,
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(page, fields, context): Promise<ContactUsProps> {
    const submitted = !context.posted && showsSubmitted(context);
    const [body, location] = await Promise.all([resolveStream(fields.body, context), pickedLocation(context, context.posted?.body.location_rlid)]);
    return {
      title: page.title,
      body,
      form_intro: fields.form_intro,
      form: submitted ? null : serializeForm(contactFormFor(requireCaptcha(context)), { raw: context.posted?.body, errors: context.posted?.errors }),
      location,
    };
  },
});

/** Where a visitor lands after sending a message: body blocks and confirmation content. */
export const contactUsLandingPage = definePageType({
  name: 'contact_us_landing_page',
  label: 'Contact us landing page',
  template: 'contact us landing page',
  fields: z.object({ body: streamFieldSchema, confirmation: streamFieldSchema.meta({ label: 'Confirmation content', help_text: 'Thanks the visitor for their message.' }) }),
  parentTypes: ['contact_us_page', ...CONTENT_PARENT_TYPES],
  robots: 'noindex',
  async getProps(page, fields, context): Promise<ContactUsLandingProps> {
    const [body, confirmation] = await Promise.all([resolveStream(fields.body, context), resolveStream(fields.confirmation, context)]);
    return { title: page.title, body, confirmation };
  },
});
