import type { SerializedWidget } from '../../client/lib/server-forms';
import type { RawValues } from '../forms/fields';

/** Which captcha guards the visitor forms. */
export type CaptchaProviderName = 'builtin' | 'recaptcha' | 'hcaptcha' | 'turnstile';

/** What a captcha check decided; `message` is the field error when it failed. */
export type CaptchaVerdict = { passed: true } | { passed: false; message: string };

/** The message for a captcha left unanswered or answered wrongly. */
export const CAPTCHA_FAILED_MESSAGE = 'Please confirm you are not a robot.';

/** A captcha: the widget of the form's `captcha` field, and the server-side check of a post. */
export interface CaptchaProvider {
  name: CaptchaProviderName;
  /** The widget drawn for the field called `htmlName`; `raw` is what was posted for it. */
  widget(htmlName: string, raw: string | undefined): SerializedWidget;
  /** Checks a posted form's captcha answer; never throws for a bad answer or an unreachable service. */
  verify(body: RawValues, context: { htmlName: string; remoteIp: string }): Promise<CaptchaVerdict>;
}
