import CsrfField from '../components/CsrfField';
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
    <section className="template-restricted container">
      <div className="restricted-card">
        <h1 className="page-title">{gettext('Password required')}</h1>
        <p>{gettext('You need a password to access this page.')}</p>
        <form method="post" action={action} className="form">
          <CsrfField />
          <input type="hidden" name="return_url" value={returnUrl} />
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <label className="form__label" htmlFor="restricted-password">
            {gettext('Password')}
          </label>
          <input className="form__input" id="restricted-password" type="password" name="password" required autoComplete="current-password" />
          <button type="submit" className="button button--primary">
            {gettext('Continue')}
          </button>
        </form>
      </div>
    </section>
  );
}
