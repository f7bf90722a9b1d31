import { randomFillSync } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { EMBED_PLAYER_ORIGINS } from './blocks/embed';
import { HOSTED_CAPTCHAS } from './captcha/siteverify';
import type { Config } from './config';
import { configuredOutsideScripts, originsOf } from './outside-scripts';

/** The per-request nonce that inline JSON and our script tags carry. */
export function cspNonce(res: { locals: Record<string, unknown> }): string {
  return res.locals.cspNonce as string;
}

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** What the Google Maps JavaScript API and Static Maps load, by CSP directive; allowed only with a maps key. */
const GOOGLE_MAPS_SOURCES = {
  scriptSrc: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  imgSrc: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com', 'https://*.gstatic.com'],
  connectSrc: ['https://maps.googleapis.com', 'https://*.googleapis.com'],
  styleSrc: ['https://fonts.googleapis.com'],
  fontSrc: ['https://fonts.gstatic.com'],
  workerSrc: ['blob:'],
} as const;
const NO_MAPS_SOURCES = { scriptSrc: [], imgSrc: [], connectSrc: [], styleSrc: [], fontSrc: [], workerSrc: [] } as const;

/**
 * What pages may frame: the video players of embed blocks, the hosted captcha's widget (from
 * wherever its script is loaded) and the origins FRAME_ORIGINS lets editors' iframe blocks show.
 */
function frameOrigins(config: Config): string[] {
  const captcha = config.CAPTCHA_PROVIDER === 'builtin' ? [] : HOSTED_CAPTCHAS[config.CAPTCHA_PROVIDER].frameOrigins;
  const captchaScript = configuredOutsideScripts(config).filter((script) => script.name === 'captcha');
  return [...EMBED_PLAYER_ORIGINS, ...captcha, ...originsOf(captchaScript.map((script) => script.src)), ...config.FRAME_ORIGINS];
}

const HTTPS_ONLY_HEADERS: readonly [string, string][] = [
  ['Strict-Transport-Security', HSTS_VALUE],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

const NONCE_BYTES = 16;
// Random bytes for many nonces at once: one call into the CSPRNG per 256 responses, each slice used once.
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolUsed = noncePool.length;

/** A fresh nonce for one response's CSP and the script tags it allows. */
export function newCspNonce(): string {
  if (noncePoolUsed === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  noncePoolUsed += NONCE_BYTES;
  return noncePool.toString('base64', noncePoolUsed - NONCE_BYTES, noncePoolUsed);
}

/**
 * helmet with a CSP that allows the site's own scripts, a per-request nonce, and exactly the
 * origins of the configured outside scripts; HSTS and COOP only when the request came over HTTPS.
 */
export function securityHeaders(config: Config): RequestHandler[] {
  const helmetHeaders = helmetFor(config);
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = newCspNonce();
    next();
  };
  const httpsOnly: RequestHandler = (req, res, next) => {
    if (req.secure) for (const [name, value] of HTTPS_ONLY_HEADERS) res.setHeader(name, value);
    next();
  };
  return [nonce, helmetHeaders, httpsOnly];
}

/**
 * The headers `securityHeaders` sets, worked out once: a kept page is answered before any
 * middleware runs, with only the nonce and the request's scheme still to fill in.
 */
export function securityHeaderTemplate(config: Config): (nonce: string, secure: boolean) => string[] {
  const placeholder = 'kept-page-nonce';
  const fixed: Record<string, string> = {};
  const capture = {
    locals: { cspNonce: placeholder },
    setHeader: (name: string, value: unknown) => void (fixed[name] = String(value)),
    removeHeader: (name: string) => void delete fixed[name],
  };
  helmetFor(config)({} as Request, capture as unknown as Response, () => undefined);
  // Flat name, value lists, as http's writeHead takes them; only the values naming the nonce change.
  const flat = Object.entries(fixed).flat();
  const withNonce = flat.flatMap((value, index) => (index % 2 === 1 && value.includes(placeholder) ? [[index, value.split(placeholder)] as const] : []));
  const httpsOnly = HTTPS_ONLY_HEADERS.flat();
  return (nonce, secure) => {
    const headers = secure ? flat.concat(httpsOnly) : flat.slice();
    for (const [index, parts] of withNonce) headers[index] = parts.join(nonce);
    return headers;
  };
}

/** helmet as this site configures it; the nonce comes from `res.locals.cspNonce`. */
function helmetFor(config: Config): RequestHandler {
  const scriptOrigins = originsOf(configuredOutsideScripts(config).map((script) => script.src));
  const reportingOrigins = config.SENTRY_DSN ? originsOf([config.SENTRY_DSN]) : [];
  const maps = config.GOOGLE_MAPS_API_KEY ? GOOGLE_MAPS_SOURCES : NO_MAPS_SOURCES;
  // Both lists may name one origin; a directive lists each once.
  const unique = (...origins: string[]) => [...new Set(origins)];
  return helmet({
    // Both only take effect over HTTPS; over plain HTTP browsers log them as errors.
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonce(res as never)}'`, ...unique(...scriptOrigins, ...maps.scriptSrc)],
        styleSrc: ["'self'", "'unsafe-inline'", ...maps.styleSrc],
        imgSrc: unique("'self'", 'data:', 'blob:', ...scriptOrigins, ...maps.imgSrc),
        fontSrc: ["'self'", 'data:', ...maps.fontSrc],
        connectSrc: unique("'self'", ...scriptOrigins, ...maps.connectSrc, ...reportingOrigins),
        workerSrc: ["'self'", ...maps.workerSrc],
        frameSrc: unique("'self'", ...frameOrigins(config)),
        // Video sources may live on a CDN the editor names.
        mediaSrc: ["'self'", 'blob:', 'https:'],
        // The footer's accessibility report is the one form that posts to another site.
        formAction: unique("'self'", ...originsOf(config.ACCESSIBILITY_SERVICE_URL ? [config.ACCESSIBILITY_SERVICE_URL] : [])),
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
}
