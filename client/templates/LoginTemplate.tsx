import CsrfField from '../components/CsrfField';
import { gettext } from '../lib/i18n';

/** Props of the sign-in form for pages restricted to signed-in users. */
export interface LoginProps {
  next: string;
  error: string | null;
  username: string;
}

/** Sign-in for pages whose view restriction asks for a signed-in user (/_util/login/). */
export default function LoginTemplate({ next, error, username }: LoginProps) {
  return (
    <section className="template-restricted container">
      <div className="restricted-card">
        <h1 className="page-title">{gettext('Sign in to continue')}</h1>
        <p>{gettext('This page is only available to signed-in team members.')}</p>
        <form method="post" action="/_util/login/" className="form">
          <CsrfField />
          <input type="hidden" name="next" value={next} />
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <label className="form__label" htmlFor="login-username">
            {gettext('Username')}
          </label>
          <input className="form__input" id="login-username" name="username" required autoComplete="username" defaultValue={username} />
          <label className="form__label" htmlFor="login-password">
            {gettext('Password')}
          </label>
          <input className="form__input" id="login-password" type="password" name="password" required autoComplete="current-password" />
          <button type="submit" className="button button--primary">
            {gettext('Sign in')}
          </button>
        </form>
      </div>
    </section>
  );
}
