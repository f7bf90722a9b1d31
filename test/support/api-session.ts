import { CookieJar } from './cookies';
import { request, type TestResponse, type TestServer } from './server';

/** One request of an API session. */
export interface ApiRequest {
  method?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent form-encoded, with csrfmiddlewaretoken added. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Leave out the X-CSRFToken header (to check that a request without it is refused). */
  withoutToken?: boolean;
}

/**
 * A browser-like client: keeps cookies, and sends the CSRF token (read from the csrftoken
 * cookie after GET /api-nc/csrftoken/) as X-CSRFToken on every request, as the site's own
 * scripts do.
 */
export async function apiSession(server: Pick<TestServer, 'port'>, host?: string) {
  const jar = new CookieJar();
  const send = async (path: string, init: ApiRequest = {}): Promise<TestResponse> => {
    const token = jar.get('csrftoken') ?? '';
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.form ? new URLSearchParams({ csrfmiddlewaretoken: token, ...init.form }).toString() : undefined;
    const response = await request(server, path, {
      ...(host ? { host } : {}),
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      body,
      headers: {
        cookie: jar.header(),
        accept: 'application/json',
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.withoutToken ? {} : { 'x-csrftoken': token }),
        ...init.headers,
      },
    });
    jar.store(response.headers);
    return response;
  };
  await send('/api-nc/csrftoken/');
  return { jar, send };
}
