import { ngettext } from '../../client/lib/i18n';

/**
 * The sentence a move or publish message ends with when the page's old addresses now redirect
 * to it (Wagtail 6 creates them silently; editors here are told), or '' when none were made.
 */
export function automaticRedirectsNotice(count: number): string {
  if (count === 0) return '';
  return ` ${ngettext('{count} redirect was created from its old address.', '{count} redirects were created from the old addresses of the page and its subpages.', count)}`;
}
