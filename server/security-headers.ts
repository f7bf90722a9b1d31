import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
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

/**
 * helmet with a CSP that allows the site's own scripts, a per-request nonce, and exactly the
 * origins of the configured outside scripts; HSTS and COOP only when the request came over HTTPS.
 */
export function securityHeaders(config: Config): RequestHandler[] {
  const scriptOrigins = originsOf(configuredOutsideScripts(config).map((script) => script.src));
  const reportingOrigins = config.SENTRY_DSN ? originsOf([config.SENTRY_DSN]) : [];
  const maps = config.GOOGLE_MAPS_API_KEY ? GOOGLE_MAPS_SOURCES : NO_MAPS_SOURCES;
  // Both lists may name one origin; a directive lists each once.
  const unique = (...origins: string[]) => [...new Set(origins)];
  const csp = helmet({
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
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const httpsOnly: RequestHandler = (req, res, next) => {
    if (req.secure) {
      res.setHeader('Strict-Transport-Security', HSTS_VALUE);
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    }
    next();
  };
  return [nonce, csp, httpsOnly];
}
