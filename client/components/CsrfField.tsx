import { usePageContext } from '../lib/page-context';

/** The hidden CSRF field every HTML form that posts carries (Django's name). */
export default function CsrfField() {
  const { csrf_token: token } = usePageContext();
  return <input type="hidden" name="csrfmiddlewaretoken" value={token} />;
}
