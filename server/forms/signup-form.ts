import type { CaptchaProvider } from '../captcha/provider';
import { captchaField } from './captcha-field';
import { checkboxField, choiceField, emailField, inputField, numberChoices, withSchema, type ChoiceGroup } from './fields';
import { daysInMonth, postcodeSchema } from './field-rules';
import { defineForm } from './form';
import { defineFormSet } from './form-set';

/** The most special occasions one signup may add (the form schema's max_num). */
export const MAX_OCCASIONS = 3;
/** Name bounds of the signup form. */
export const SIGNUP_NAME_MAX = 50;

/** The message for terms left unaccepted. */
export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and conditions to sign up.';
/** The message for a day the chosen month does not have. */
export const INVALID_DAY_MESSAGE = 'Select a day that exists in the chosen month.';
/** The message for a birthday with a month but no day, or a day but no month. */
export const BIRTHDAY_INCOMPLETE_MESSAGE = 'Select both the month and the day of your birthday, or neither.';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS: ChoiceGroup[] = [{ group: null, choices: numberChoices(1, 12, (month) => MONTH_NAMES[month - 1]!) }];
const DAYS: ChoiceGroup[] = [{ group: null, choices: numberChoices(1, 31) }];
const single = (labels: readonly string[]): ChoiceGroup[] => [{ group: null, choices: labels.map((label) => ({ value: label, label })) }];

/** The occasions a subscriber can ask us to remember, and whose they are. */
export const OCCASIONS = ['Birthday', 'Anniversary', 'Graduation', 'Other Celebration'] as const;
export const RELATIONSHIPS = ['Myself', 'Spouse / Partner', 'Child', 'Parent', 'Friend', 'Other'] as const;

/** A month and day pair: both or neither, and a day the month has. */
function checkMonthDay(month: string | undefined, day: string | undefined, dayField: string): Record<string, string[]> {
  if (!month && !day) return {};
  if (!month || !day) return { [dayField]: [BIRTHDAY_INCOMPLETE_MESSAGE] };
  return Number(day) > daysInMonth(Number(month)) ? { [dayField]: [INVALID_DAY_MESSAGE] } : {};
}

/** One special occasion (SPEC §3 "Occasion subform"); all four fields once any is filled in. */
export const occasionForm = defineForm({
  fields: {
    occasion: choiceField({ name: 'occasion', label: 'Occasion', groups: single(OCCASIONS), placeholder: 'Select an occasion' }),
    relationship: choiceField({ name: 'relationship', label: 'Relationship', groups: single(RELATIONSHIPS), placeholder: 'Select a relationship' }),
    month: choiceField({ name: 'month', label: 'Month', groups: MONTHS, placeholder: 'Month' }),
    day: choiceField({ name: 'day', label: 'Day', groups: DAYS, placeholder: 'Day' }),
  },
  clean: (data) => checkMonthDay(data.month, data.day, 'day'),
});

/** The special occasions form set, at most MAX_OCCASIONS forms. */
export const occasionsFormSet = defineFormSet({ prefix: 'occasions', form: occasionForm, maxNum: MAX_OCCASIONS });

/** The email signup form (SPEC §3 "Signup form fields"): names, email and postcode required, terms accepted. */
export function signupForm(captcha: CaptchaProvider) {
  return defineForm({
    fields: {
      first_name: inputField({ name: 'first_name', label: 'First Name', maxLength: SIGNUP_NAME_MAX, attrs: { autocomplete: 'given-name' } }),
      last_name: inputField({ name: 'last_name', label: 'Last Name', maxLength: SIGNUP_NAME_MAX, attrs: { autocomplete: 'family-name' } }),
      email: emailField({ name: 'email', label: 'Email Address' }),
      postcode: withSchema(inputField({ name: 'postcode', label: 'ZIP / Postal Code', maxLength: 10, attrs: { autocomplete: 'postal-code' } }), postcodeSchema()),
      birthday_month: choiceField({ name: 'birthday_month', label: 'Birthday Month', groups: MONTHS, placeholder: 'Month', required: false }),
      birthday_day: choiceField({ name: 'birthday_day', label: 'Birthday Day', groups: DAYS, placeholder: 'Day', required: false }),
      terms: checkboxField({ name: 'terms', label: 'I accept the Terms and Conditions', mustBeChecked: true, requiredMessage: TERMS_REQUIRED_MESSAGE }),
      consent: checkboxField({ name: 'consent', label: 'Yes, send me offers and news by email. I can unsubscribe at any time.' }),
      captcha: captchaField(captcha, "I'm not a robot"),
    },
    clean: (data) => checkMonthDay(data.birthday_month, data.birthday_day, 'birthday_day'),
  });
}

/** The signup form's definition type. */
export type SignupForm = ReturnType<typeof signupForm>;

const signupForms = new WeakMap<CaptchaProvider, SignupForm>();

/** The signup form with this captcha, built once per provider. */
export function signupFormFor(captcha: CaptchaProvider): SignupForm {
  let form = signupForms.get(captcha);
  if (!form) signupForms.set(captcha, (form = signupForm(captcha)));
  return form;
}
