/**
 * Addresses whose path carries a secret: what stands in for it in logs. The wait-list id and the
 * reservation code each let anyone read (and cancel) a guest's entry, and the reset link's token
 * sets a password.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/waitlist\/)(?!estimate\/?$)[^/]+/, '$1[id]'],
  [/^(\/waitlist\/)[^/]+/, '$1[id]'],
  [/^(\/api\/reservations\/)(?!availability\/?$)[^/]+/, '$1[code]'],
  [/^(\/wagtail\/password_reset\/confirm\/)[^/]+\/[^/]+/, '$1[uid]/[token]'],
];

/**
 * A request address fit for the logs: secrets in the path replaced by placeholders, and every
 * query value dropped (a query can carry a last name, an email address or a token) while the
 * names stay, so the log still says which parameters came.
 */
export function redactRequestUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = SECRET_PATHS.reduce((current, [pattern, placeholder]) => current.replace(pattern, placeholder), path);
  if (queryAt === -1) return redactedPath;
  const names = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=[redacted]` : '[redacted]'));
  return `${redactedPath}?${names.join('&')}`;
}
