import { gettext, interpolate } from '../../client/lib/i18n';
import type { OutgoingEmail } from '../models/outbox';

/** The site-relative address of a signup confirmation link, without the token. */
export const SIGNUP_CONFIRMATION_PATH = '/_util/email-signup/confirm/';

/** The confirmation mail of an email signup: who signed up, the link that confirms, and what happens if ignored. */
export function signupConfirmationMail(options: { to: string; origin: string; token: string; siteName: string }): OutgoingEmail {
  return {
    to: options.to,
    subject: gettext('Please confirm your email subscription'),
    text: [
      interpolate('Thanks for signing up for email from {site}.', { site: options.siteName }),
      '',
      gettext('To confirm your subscription, open this link within seven days:'),
      `${options.origin}${SIGNUP_CONFIRMATION_PATH}${options.token}/`,
      '',
      gettext('If you did not sign up, ignore this email: you will not be subscribed.'),
    ].join('\n'),
  };
}
