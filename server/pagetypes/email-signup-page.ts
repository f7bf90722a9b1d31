import { z } from 'zod';
import type { EmailSignupFooterProps, EmailSignupProps } from '../../client/templates/EmailSignup';
import type { EmailSignupLandingProps } from '../../client/templates/EmailSignupLanding';
import { pageRefSchema } from '../blocks/references';
import { resolveStream, streamFieldSchema } from '../blocks/stream';
import { serializeForm } from '../forms/form';
import { serializeFormSet } from '../forms/form-set';
import { occasionsFormSet, signupFormFor } from '../forms/signup-form';
import { sanitizeRichText } from '../rich-text';
import { requireCaptcha, showsSubmitted } from './form-pages';
import { optionalUrlSchema, resolvePageOrUrl } from './link-targets';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType, type PageTypeContext } from './types';

// A page chosen wins over a typed URL, so a moved page keeps working.
const PAGE_OVER_URL = 'Used instead of the URL while that page is live.';

/** The fields both signup pages end with: legal text and the two help links, each a page or a URL. */
const signupFooterFields = {
  legal_text: z.string().default('').meta({ widget: 'rich_text' }),
  faq_page: pageRefSchema.nullable().default(null).meta({ label: "'Browse FAQ' page", help_text: PAGE_OVER_URL }),
  faq_url: optionalUrlSchema.meta({ label: "'Browse FAQ' URL" }),
  unsubscribe_page: pageRefSchema.nullable().default(null).meta({ label: "'Unsubscribe' page", help_text: PAGE_OVER_URL }),
  unsubscribe_url: optionalUrlSchema.meta({ label: "'Unsubscribe' URL" }),
};

type SignupFooterFields = z.output<z.ZodObject<typeof signupFooterFields>>;

async function signupFooterProps(fields: SignupFooterFields, context: PageTypeContext): Promise<EmailSignupFooterProps> {
  const [faqUrl, unsubscribeUrl] = await Promise.all([
    resolvePageOrUrl(context, fields.faq_page, fields.faq_url),
    resolvePageOrUrl(context, fields.unsubscribe_page, fields.unsubscribe_url),
  ]);
  return { legal_text: sanitizeRichText(fields.legal_text), faq_url: faqUrl, unsubscribe_url: unsubscribeUrl };
}

/** The signup page's fields; the form posting view reads them too. */
export const emailSignupPageFields = z.object({
  body: streamFieldSchema,
  pre_form_content: streamFieldSchema.meta({ label: 'Pre-form content', help_text: 'Shown just above the signup form.' }),
  /** The page a new subscriber lands on; the first signup landing page child when unset. */
  landing_page: pageRefSchema.nullable().default(null).meta({ help_text: 'The email signup landing page shown after signing up.' }),
  /** What 'Terms and Conditions' in the terms checkbox links to: a page, else a URL. */
  terms_page: pageRefSchema.nullable().default(null).meta({ label: "'Terms and Conditions' page", help_text: PAGE_OVER_URL }),
  terms_url: optionalUrlSchema.meta({ label: "'Terms and Conditions' URL" }),
  ...signupFooterFields,
});

/** The email signup page: body, pre-form content, the signup form, then legal text and help links (SPEC §2 item 3). */
export const emailSignupPage = definePageType({
  name: 'email_signup_page',
  label: 'Email signup page',
  template: 'email signup',
  fields: emailSignupPageFields,
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(page, fields, context): Promise<EmailSignupProps> {
    const [body, preFormContent, footer, termsUrl] = await Promise.all([
      resolveStream(fields.body, context),
      resolveStream(fields.pre_form_content, context),
      signupFooterProps(fields, context),
      resolvePageOrUrl(context, fields.terms_page, fields.terms_url),
    ]);
    const posted = context.posted;
    const submitted = !posted && showsSubmitted(context);
    const occasions = posted?.formSets?.[occasionsFormSet.prefix];
    return {
      title: page.title,
      body,
      pre_form_content: preFormContent,
      ...footer,
      form: submitted ? null : serializeForm(signupFormFor(requireCaptcha(context)), { raw: posted?.body, errors: posted?.errors }),
      occasions: serializeFormSet(occasionsFormSet, occasions),
      terms_url: termsUrl,
      confirmation_pending: context.config.EMAIL_SIGNUP_DOUBLE_OPT_IN,
    };
  },
});

/** The signup variant shown after signing up: body and confirmation, legal text and help links. */
export const emailSignupLandingPage = definePageType({
  name: 'email_signup_landing_page',
  label: 'Email signup landing page',
  template: 'email signup landing page',
  fields: z.object({
    body: streamFieldSchema,
    confirmation: streamFieldSchema.meta({ label: 'Confirmation content', help_text: 'Welcomes the new subscriber.' }),
    ...signupFooterFields,
  }),
  parentTypes: ['email_signup_page', ...CONTENT_PARENT_TYPES],
  robots: 'noindex',
  async getProps(page, fields, context): Promise<EmailSignupLandingProps> {
    const [body, confirmation, footer] = await Promise.all([resolveStream(fields.body, context), resolveStream(fields.confirmation, context), signupFooterProps(fields, context)]);
    return { title: page.title, body, confirmation, confirmation_pending: context.config.EMAIL_SIGNUP_DOUBLE_OPT_IN, ...footer };
  },
});
