import RestrictedForm from '../components/RestrictedForm';
import { gettext } from '../lib/i18n';

/** Props of the password form shown in place of a password-protected page. */
export interface PasswordRequiredProps {
  action: string;
  returnUrl: string;
  error: string | null;
}

/** Asks for the password of a protected page; posts to /_util/authenticate_with_password/. */
export default function PasswordRequired({ action, returnUrl, error }: PasswordRequiredProps) {
  return (
    <RestrictedForm
      title={gettext('Password required')}
      intro={gettext('You need a password to access this page.')}
      action={action}
      hiddenFields={{ return_url: returnUrl }}
      error={error}
      submitLabel={gettext('Continue')}
    >
      <label className="form__label" htmlFor="restricted-password">
        {gettext('Password')}
      </label>
      <input className="form__input" id="restricted-password" type="password" name="password" required autoComplete="current-password" />
    </RestrictedForm>
  );
}
