/** The CSRF token to send with a fetch: the csrftoken cookie, else the page's form field. */
export function csrfToken(): string {
  const cookie = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1];
  return cookie ?? document.querySelector<HTMLInputElement>('input[name="csrfmiddlewaretoken"]')?.value ?? '';
}
