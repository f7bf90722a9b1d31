import { expect } from 'chai';
import { signCaptchaToken } from '../../server/captcha/builtin';
import { CookieJar } from './cookies';
import { request, type TestResponse, type TestServer } from './server';

let addressCounter = 0;

/** A client address of its own (sent as X-Forwarded-For), so rate limits of one test never touch another. */
export function uniqueClientAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The built-in captcha answered as a person would: box ticked, honeypot empty, drawn ten seconds ago. */
export function passedCaptcha(secret: string): Record<string, string> {
  return { captcha: 'on', captcha_token: signCaptchaToken(secret, Date.now() - 10_000), captcha_website: '' };
}

/** One visitor of a page with a form: their cookies, the page's CSRF token and their address. */
export interface FormVisitor {
  jar: CookieJar;
  token: string;
  address: string;
  /** Posts the fields (form-encoded) to the page, with the visitor's cookies, token and address. */
  post(fields: Record<string, string>, options?: { token?: string | null; body?: string; path?: string }): Promise<TestResponse>;
}

/** Opens a page as a new visitor, keeping its CSRF cookie and the token its form carries. */
export async function visitFormPage(server: TestServer, host: string, path: string): Promise<FormVisitor> {
  const jar = new CookieJar();
  const page = await request(server, path, { host });
  expect(page.status, `GET ${path}`).to.equal(200);
  jar.store(page.headers);
  const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.body)?.[1];
  expect(token, 'csrfmiddlewaretoken in the page').to.be.a('string');
  const address = uniqueClientAddress();
  return {
    jar,
    token: token!,
    address,
    post: (fields, options = {}) => {
      const sentToken = options.token === undefined ? token! : options.token;
      const body = options.body ?? new URLSearchParams({ ...(sentToken === null ? {} : { csrfmiddlewaretoken: sentToken }), ...fields }).toString();
      return request(server, options.path ?? path, {
        method: 'POST',
        host,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header(), 'X-Forwarded-For': address, Accept: 'text/html' },
        body,
      });
    },
  };
}
