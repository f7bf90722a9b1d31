import type { Logger } from 'pino';
import type { FormErrors } from '../../client/lib/server-forms';
import type { CaptchaProvider } from '../captcha/provider';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { LOCATION_REQUIRED_MESSAGE, contactFormFor, type ContactForm } from './contact-form';
import type { RawValues } from './fields';
import { mergeErrors, validateForm, type FormData } from './form';
import { locationExists } from '../models/locations';
import type { OutgoingEmail } from '../models/outbox';
import type { z } from 'zod';
import type { contactUsPageFields } from '../pagetypes/contact-us-page';

/** What a contact post needs beyond the posted values. */
export interface ContactPostOptions {
  db: Db;
  logger: Logger;
  captcha: CaptchaProvider;
  remoteIp: string;
  /** The address messages go to when the page names none. */
  fallbackTo: string | undefined;
  siteName: string;
}

/** A checked contact message ready to store, and its notification (null when no address is set). */
export type ContactPostResult = { ok: false; errors: FormErrors } | { ok: true; formData: Record<string, unknown>; notification: OutgoingEmail | null };

/**
 * Checks a contact post: the fields shown for its topic, the category/topic pair, the captcha,
 * and that the picked restaurant exists. Returns what to store or the errors to show.
 */
export async function checkContactPost(page: Page, fields: z.output<typeof contactUsPageFields>, body: RawValues, options: ContactPostOptions): Promise<ContactPostResult> {
  const form = contactFormFor(options.captcha);
  const result = validateForm(form, body);
  const errors: FormErrors = result.ok ? {} : { ...result.errors };
  const verdict = await options.captcha.verify(body, { htmlName: 'captcha', remoteIp: options.remoteIp });
  if (!verdict.passed) mergeErrors(errors, { captcha: [verdict.message] });
  if (result.ok && result.data.location_rlid !== undefined && !(await locationExists(options.db, result.data.location_rlid))) {
    mergeErrors(errors, { location_rlid: [LOCATION_REQUIRED_MESSAGE] });
  }
  if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  const { captcha: _captcha, ...formData } = result.data;
  const to = fields.to_address || options.fallbackTo;
  if (!to) options.logger.warn({ pageId: page.id }, 'Contact message stored without a notification: no to_address or CONTACT_TO_ADDRESS');
  return { ok: true, formData, notification: to ? notificationFor(form, formData, to, options.siteName) : null };
}

/** The plain-text email telling guest relations about a message; every value is plain text. */
function notificationFor(form: ContactForm, data: Partial<FormData<ContactForm['fields']>>, to: string, siteName: string): OutgoingEmail {
  const { message = '', ...details } = data;
  const lines = Object.entries(details).map(([name, value]) => `${form.fields[name as keyof ContactForm['fields']].label}: ${String(value)}`);
  return {
    to,
    // Category and topic are checked against fixed choices, so the subject stays one line.
    subject: `${siteName} contact: ${data.question_category} - ${data.topic}`.slice(0, 200),
    text: [...lines, '', `${form.fields.message.label}:`, message].join('\n'),
  };
}
