import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import type { Config } from './config';
import { keepPrivate } from './private-responses';

/** Django's names, so the visitor scripts and forms speak the same protocol. */
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'x-csrftoken';
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';

/** Issues and checks CSRF tokens for one process. */
export interface CsrfProtection {
  /** Refuses unsafe methods without a matching token (403). */
  middleware: RequestHandler;
  /**
   * The request's token, setting the cookie when it is new and marking the response private; none
   * ('') for a response that shared caches may keep (its Cache-Control must be set first), which
   * carries nothing of one visitor.
   */
  tokenFor(req: Request, res: Response): string;
  /**
   * Whether a request without a session (its cookies parsed) carries a valid token in the
   * X-CSRFToken header, as the middleware would find: for a request answered before the router.
   */
  headerTokenValid(req: IncomingMessage & { cookies: Record<string, string> }): boolean;
}

/** Whether a shared cache (CDN, proxy) may keep the response and hand it to anyone. */
function isSharedCacheable(res: Response): boolean {
  return /\b(public|s-maxage)\b/.test(String(res.getHeader('Cache-Control') ?? ''));
}

/**
 * Double-submit CSRF (csrf-csrf): the cookie holds an HMAC-signed token; a POST must echo it
 * in the X-CSRFToken header or the csrfmiddlewaretoken form field. A signed-in session's
 * tokens are bound to its id, so a token fetched anonymously (and planted with a cookie) does
 * not work on it, and sign-in, which changes the id, retires the tokens from before.
 */
export function csrfProtection(config: Config): CsrfProtection {
  const { doubleCsrfProtection, generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => config.SECRET_KEY,
    // Anonymous visitors share the empty identifier: their session is stored only once it holds
    // something, so until then its id changes on every request and could not carry a token.
    getSessionIdentifier: (req) => (req.session?.userId === undefined ? '' : req.sessionID),
    cookieName: CSRF_COOKIE_NAME,
    cookieOptions: { sameSite: 'lax', path: '/', secure: false, httpOnly: false, maxAge: 365 * 24 * 3600 * 1000 },
    getCsrfTokenFromRequest: (req) => {
      const header = req.headers[CSRF_HEADER_NAME];
      if (typeof header === 'string') return header;
      const body: unknown = req.body;
      if (body && typeof body === 'object' && CSRF_FORM_FIELD in body) {
        const field = (body as Record<string, unknown>)[CSRF_FORM_FIELD];
        return typeof field === 'string' ? field : undefined;
      }
      return undefined;
    },
    errorConfig: { statusCode: 403, message: 'CSRF verification failed. Reload the page and try again.', code: 'EBADCSRFTOKEN' },
  });
  return {
    middleware: doubleCsrfProtection,
    tokenFor: (req, res) => {
      if (isSharedCacheable(res)) return '';
      // A response with a visitor's token is theirs alone, even when it sets no cookie.
      keepPrivate(res);
      return generateCsrfToken(req, res, { cookieOptions: { secure: req.secure } });
    },
    // csrf-csrf reads a request's headers, cookies, body and session, all of which a request
    // before the router has but its body (the header is read first) and its session (none).
    headerTokenValid: (req) => validateRequest({ headers: req.headers, cookies: req.cookies, body: undefined, session: undefined } as unknown as Request),
  };
}
