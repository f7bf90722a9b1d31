import RestrictedForm from '../components/RestrictedForm';
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
    <RestrictedForm
      title={gettext('Sign in to continue')}
      intro={gettext('This page is only available to signed-in team members.')}
      action="/_util/login/"
      hiddenFields={{ next }}
      error={error}
      submitLabel={gettext('Sign in')}
    >
      <label className="form__label" htmlFor="login-username">
        {gettext('Username')}
      </label>
      <input className="form__input" id="login-username" name="username" required autoComplete="username" defaultValue={username} />
      <label className="form__label" htmlFor="login-password">
        {gettext('Password')}
      </label>
      <input className="form__input" id="login-password" type="password" name="password" required autoComplete="current-password" />
    </RestrictedForm>
  );
}
