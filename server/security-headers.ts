import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { EMBED_PLAYER_ORIGINS } from './blocks/embed';
import { HOSTED_CAPTCHAS } from './captcha/siteverify';
import type { Config } from './config';
import { ERROR_PAGE_STYLE } from './error-page-style';
import { configuredOutsideScripts, originsOf } from './outside-scripts';

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The browser features pages may use, by Permissions-Policy: the locator asks for the visitor's
 * position on the site itself; nothing uses the others, so neither the site nor a frame on it may.
 */
const PERMISSIONS_POLICY: Record<string, readonly string[]> = {
  geolocation: ['self'],
  camera: [],
  microphone: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  accelerometer: [],
  gyroscope: [],
  magnetometer: [],
  'display-capture': [],
};
const PERMISSIONS_POLICY_VALUE = Object.entries(PERMISSIONS_POLICY)
  .map(([feature, allowed]) => `${feature}=(${allowed.join(' ')})`)
  .join(', ');

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
 * Browsers honour both only over HTTPS (or from localhost); over plain HTTP Chromium ignores COOP
 * and logs an error on every page.
 */
const HTTPS_ONLY_HEADERS = ['Strict-Transport-Security', HSTS_VALUE, 'Cross-Origin-Opener-Policy', 'same-origin'];

/**
 * The headers every response carries, as flat name, value lists (as http's writeHead takes
 * them): over plain HTTP, and over HTTPS with HSTS and COOP added. They depend on the
 * configuration only, so they are worked out once. The policy allows no inline script at all
 * and needs no nonce: no page or admin view runs one (JSON data blocks are not run), and every
 * script it loads comes from the site or a configured origin, which the policy names. A kept
 * page is then the same bytes for every visitor. Nor does it allow inline styles, but for the
 * error page's own style element, by its hash, unless outside scripts are loaded (see
 * styleSources).
 */
export interface SecurityHeaderList {
  http: readonly string[];
  https: readonly string[];
}

export function securityHeaderList(config: Config): SecurityHeaderList {
  const headers: string[] = [];
  const capture = {
    setHeader: (name: string, value: unknown) => void headers.push(name, String(value)),
    removeHeader: () => undefined,
  };
  helmetFor(config)({} as Request, capture as unknown as Response, () => undefined);
  headers.push('Permissions-Policy', PERMISSIONS_POLICY_VALUE);
  return { http: headers, https: [...headers, ...HTTPS_ONLY_HEADERS] };
}

/** Sets the security headers on every response of the app; HSTS and COOP only when the request came over HTTPS. */
export function securityHeaders({ http, https }: SecurityHeaderList): RequestHandler {
  return (req, res, next) => {
    const list = req.secure ? https : http;
    for (let index = 0; index < list.length; index += 2) res.setHeader(list[index]!, list[index + 1]!);
    next();
  };
}

/**
 * Where styles may come from: the site's stylesheets, and the error page's style element by its
 * hash. The outside scripts (consent banner, tag manager, Google Maps, footer, hosted captcha)
 * insert style elements and attributes of their own, and with no nonce to hand them (a kept page
 * is the same for everyone) only 'unsafe-inline' lets them; a hash beside it would switch it off.
 */
function styleSources(config: Config, maps: { styleSrc: readonly string[] }): string[] {
  if (configuredOutsideScripts(config).length > 0) return ["'self'", "'unsafe-inline'", ...maps.styleSrc];
  return ["'self'", `'sha256-${createHash('sha256').update(ERROR_PAGE_STYLE).digest('base64')}'`];
}

/** helmet as this site configures it. */
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
        scriptSrc: ["'self'", ...unique(...scriptOrigins, ...maps.scriptSrc)],
        styleSrc: styleSources(config, maps),
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
