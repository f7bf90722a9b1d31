import { gettext } from '../lib/i18n';

/** What following a signup confirmation link did. */
export type EmailSignupConfirmationStatus = 'confirmed' | 'already_confirmed' | 'invalid';

/** Props of the 'email signup confirmation' template. */
export interface EmailSignupConfirmationProps {
  status: EmailSignupConfirmationStatus;
}

// Functions, so each text is looked up in the catalog registered when the page renders.
const TEXTS: Record<EmailSignupConfirmationStatus, () => { title: string; message: string }> = {
  confirmed: () => ({
    title: gettext('Your subscription is confirmed'),
    message: gettext('Thanks for confirming your email address. Our offers and news are on their way to your inbox.'),
  }),
  already_confirmed: () => ({
    title: gettext('Your subscription is confirmed'),
    message: gettext('You already confirmed this subscription; there is nothing more to do.'),
  }),
  invalid: () => ({
    title: gettext('This confirmation link does not work'),
    message: gettext('The link is not valid or has expired (links work for seven days). Please sign up again to get a new one.'),
  }),
};

/** The page a signup confirmation link lands on (double opt-in): confirmed, or why not. */
export default function EmailSignupConfirmation({ status }: EmailSignupConfirmationProps) {
  const { title, message } = TEXTS[status]();
  return (
    <article className="template-signup template-signup--confirmation container">
      <h1 className="page-title">{title}</h1>
      <p className="form-confirmation" role="status">
        {message}
      </p>
      <p>
        <a className="button button--primary" href="/">
          {gettext('Return to Homepage')}
        </a>
      </p>
    </article>
  );
}

/** The title of a confirmation page, for the document head. */
export function confirmationTitle(status: EmailSignupConfirmationStatus): string {
  return TEXTS[status]().title;
}
