import { z } from 'zod';
import { CONTACT_CATEGORIES, VISIT_FIELDS, topicsOf, visitFieldsFor } from '../../client/lib/contact-topics';
import type { FormErrors } from '../../client/lib/server-forms';
import type { CaptchaProvider } from '../captcha/provider';
import { CA_PROVINCES, US_STATES } from '../regions';
import { captchaField } from './captcha-field';
import { boundedText, choiceField, emailField, inputField, textareaField, withSchema, type ChoiceGroup } from './fields';
import { phoneSchema, postcodeSchema } from './field-rules';
import { defineForm } from './form';

/** Field bounds of the contact form; the widgets carry them as maxlength too. */
export const CONTACT_LIMITS = { name: 50, addressLine: 100, city: 60, orderNumber: 30, message: 2000 } as const;

/** The message for a topic that is not one of the chosen category's. */
export const TOPIC_MISMATCH_MESSAGE = 'Select a topic of the chosen category.';
/** The message when no restaurant was picked for a visit topic. */
export const LOCATION_REQUIRED_MESSAGE = 'Search for and choose the restaurant you visited.';
/** The message for a visit date that is not a real date, or in the future. */
export const VISIT_DATE_MESSAGE = 'Enter the date of your visit; it cannot be in the future.';
/** The message for a visit time that is not a time of day. */
export const VISIT_TIME_MESSAGE = 'Enter the time of your visit, such as 6:30 PM.';
/** The message for an order number with characters a receipt never prints. */
export const ORDER_NUMBER_MESSAGE = 'Enter the order number from your receipt: letters, digits and dashes only.';

const CATEGORY_GROUPS: ChoiceGroup[] = [{ group: null, choices: CONTACT_CATEGORIES.map(({ category }) => ({ value: category, label: category })) }];
// One group per category: the browser shows only the chosen category's group.
const TOPIC_GROUPS: ChoiceGroup[] = CONTACT_CATEGORIES.map(({ category, topics }) => ({ group: category, choices: topics.map((topic) => ({ value: topic, label: topic })) }));
const REGION_GROUPS: ChoiceGroup[] = [
  { group: 'United States', choices: Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name })) },
  { group: 'Canada', choices: Object.entries(CA_PROVINCES).map(([code, name]) => ({ value: code, label: name })) },
];

const ONE_DAY_MS = 24 * 3600 * 1000;

/** A visit date as YYYY-MM-DD: a real date since 2000, not after tomorrow (visitors live in every time zone). */
function visitDateSchema(now: () => number) {
  return boundedText({ max: 10 }).refine((value) => {
    if (!value) return true;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() <= now() + ONE_DAY_MS && Number(match[1]) >= 2000;
  }, VISIT_DATE_MESSAGE);
}

/**
 * The 'Send Us a Message' form (SPEC §3 "Contact form fields"). Every field shown is required;
 * the visit fields show only for the topics that ask about a visit (SPEC §9), and a hidden one
 * is neither required nor kept.
 */
export function contactForm(captcha: CaptchaProvider, now: () => number = Date.now) {
  return defineForm({
    fields: { ...contactDataFields(now), captcha: captchaField(captcha, "I'm not a robot") },
    hiddenFields(raw) {
      const visible: readonly string[] = visitFieldsFor(raw.question_category ?? '', raw.topic ?? '');
      return VISIT_FIELDS.filter((name) => !visible.includes(name));
    },
    clean(data): FormErrors {
      if (data.question_category && data.topic && !topicsOf(data.question_category).includes(data.topic)) return { topic: [TOPIC_MISMATCH_MESSAGE] };
      return {};
    },
  });
}

/** The contact form's fields but the captcha: what a stored message holds, in the form's order (the submissions screen's columns). */
export function contactDataFields(now: () => number = Date.now) {
  return {
    question_category: choiceField({ name: 'question_category', label: 'Category', groups: CATEGORY_GROUPS, placeholder: 'Select a category' }),
    topic: choiceField({ name: 'topic', label: 'Topic', groups: TOPIC_GROUPS, placeholder: 'Select a topic' }),
    location_rlid: withSchema(
      inputField({ name: 'location_rlid', label: 'Restaurant Location', type: 'hidden' }),
      z
        .string()
        .optional()
        .transform((value) => (value ?? '').trim())
        .refine((value) => /^\d{1,9}$/.test(value) && Number(value) > 0, LOCATION_REQUIRED_MESSAGE)
        .transform(Number),
    ),
    visit_date: withSchema(inputField({ name: 'visit_date', label: 'Date of Visit', type: 'date', maxLength: 10 }), visitDateSchema(now)),
    visit_time: withSchema(
      inputField({ name: 'visit_time', label: 'Time of Visit', type: 'time', maxLength: 8 }),
      boundedText({ max: 8 }).refine((value) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value) || !value, VISIT_TIME_MESSAGE),
    ),
    order_number: withSchema(
      inputField({ name: 'order_number', label: 'Order / Check Number', maxLength: CONTACT_LIMITS.orderNumber }),
      boundedText({ max: CONTACT_LIMITS.orderNumber }).refine((value) => /^[A-Za-z0-9-]*$/.test(value), ORDER_NUMBER_MESSAGE),
    ),
    first_name: inputField({ name: 'first_name', label: 'First Name', maxLength: CONTACT_LIMITS.name, attrs: { autocomplete: 'given-name' } }),
    last_name: inputField({ name: 'last_name', label: 'Last Name', maxLength: CONTACT_LIMITS.name, attrs: { autocomplete: 'family-name' } }),
    email: emailField({ name: 'email', label: 'Email Address' }),
    phone: withSchema(inputField({ name: 'phone', label: 'Phone Number', type: 'tel', maxLength: 20, attrs: { autocomplete: 'tel' } }), phoneSchema()),
    address_line1: inputField({ name: 'address_line1', label: 'Street Address', maxLength: CONTACT_LIMITS.addressLine, attrs: { autocomplete: 'address-line1' } }),
    address_city: inputField({ name: 'address_city', label: 'City', maxLength: CONTACT_LIMITS.city, attrs: { autocomplete: 'address-level2' } }),
    address_state: choiceField({ name: 'address_state', label: 'State / Province', groups: REGION_GROUPS, placeholder: 'Select a state' }),
    address_zip: withSchema(inputField({ name: 'address_zip', label: 'ZIP / Postal Code', maxLength: 10, attrs: { autocomplete: 'postal-code' } }), postcodeSchema()),
    message: textareaField({ name: 'message', label: 'Message', maxLength: CONTACT_LIMITS.message }),
  };
}

/** The contact form's definition type. */
export type ContactForm = ReturnType<typeof contactForm>;

const contactForms = new WeakMap<CaptchaProvider, ContactForm>();

/** The contact form with this captcha, built once per provider. */
export function contactFormFor(captcha: CaptchaProvider): ContactForm {
  let form = contactForms.get(captcha);
  if (!form) contactForms.set(captcha, (form = contactForm(captcha)));
  return form;
}
