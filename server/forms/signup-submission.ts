import type { FormErrors } from '../../client/lib/server-forms';
import type { CaptchaProvider } from '../captcha/provider';
import type { RawValues } from './fields';
import { mergeErrors, validateForm } from './form';
import { validateFormSet, type FormSetResult } from './form-set';
import { occasionsFormSet, signupFormFor } from './signup-form';
import type { SignupOptions } from '../models/subscriber-occasions';

/** A checked signup ready to store, or the errors to show with each occasion form's state. */
export type SignupPostResult =
  | { ok: false; errors: FormErrors; occasions: FormSetResult<typeof occasionsFormSet.form.fields> }
  | { ok: true; signup: SignupOptions; occasions: FormSetResult<typeof occasionsFormSet.form.fields> };

/** Checks a signup post: its fields, the terms, the occasions form set (at most its maximum) and the captcha. */
export async function checkSignupPost(body: RawValues, options: { captcha: CaptchaProvider; remoteIp: string }): Promise<SignupPostResult> {
  const result = validateForm(signupFormFor(options.captcha), body);
  const occasions = validateFormSet(occasionsFormSet, body);
  const errors: FormErrors = result.ok ? {} : { ...result.errors };
  const verdict = await options.captcha.verify(body, { htmlName: 'captcha', remoteIp: options.remoteIp });
  if (!verdict.passed) mergeErrors(errors, { captcha: [verdict.message] });
  if (!result.ok || !occasions.ok || Object.keys(errors).length > 0) return { ok: false, errors, occasions };

  const data = result.data;
  return {
    ok: true,
    occasions,
    signup: {
      email: data.email!,
      firstName: data.first_name ?? '',
      lastName: data.last_name ?? '',
      postcode: data.postcode ?? '',
      birthdayMonth: data.birthday_month ? Number(data.birthday_month) : null,
      birthdayDay: data.birthday_day ? Number(data.birthday_day) : null,
      consent: data.consent ?? false,
      occasions: occasions.data.map((occasion) => ({
        occasion: occasion.occasion!,
        relationship: occasion.relationship!,
        month: Number(occasion.month),
        day: Number(occasion.day),
      })),
    },
  };
}
