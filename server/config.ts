import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from './time-zones';

const flagValues = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', '']);

const flag = flagValues.default('').transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** A flag that is on unless set to an off value. */
const flagOnByDefault = flagValues.default('on').transform((value) => !['0', 'false', 'off', 'no'].includes(value));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = optionalText.pipe(z.url({ protocol: /^https?$/ }).optional());

/** Express's names for the private ranges it can trust as proxies. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_FORMS = 'a hop count (1), loopback, linklocal, uniquelocal, or a comma list of proxy addresses or CIDR ranges (10.0.0.1, 10.0.0.0/8); empty or off trusts no proxy';
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_RANGE_NAMES)]);

/**
 * Which peers may set X-Forwarded-For/-Proto/-Host, in a form Express's `trust proxy` takes:
 * false, a hop count, or a list of addresses. "on" (trust every peer) is refused: any visitor
 * could then forge its address and scheme.
 */
const trustProxy = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    if (['', 'off', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => proxyAddress.safeParse(entry).success)) return entries;
    ctx.addIssue({ code: 'custom', message: `expected ${TRUST_PROXY_FORMS}; trusting every peer is no longer accepted` });
    return z.NEVER;
  });

/** Django's ALLOWED_HOSTS syntax: a hostname, '.example.com' for it and its subdomains, or '*'. */
const hostPattern = z.string().regex(/^(\*|\.?[a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/, "expected hostnames such as www.example.com, .example.com or '*'");
const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
const hostList = (defaults: string) =>
  z
    .string()
    .default(defaults)
    .transform((value) => commaList(value.toLowerCase()))
    .pipe(z.array(hostPattern));

const httpsOrigin = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  .refine((url) => new URL(url).pathname === '/' && !url.includes('?'), 'expected an origin such as https://menus.example.com, without a path')
  .transform((url) => new URL(url).origin);
const originList = (defaults: string) => z.string().default(defaults).transform(commaList).pipe(z.array(httpsOrigin));

const databaseUrl = optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' }).optional());

/** Every setting the process reads from the environment; nothing else reads process.env. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Longest one statement may run before PostgreSQL cancels it (its statement_timeout). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /**
   * Longest the app waits for any answer on a connection before it gives up and discards the
   * connection: the guard against a network that drops replies. Above the statement timeout, so
   * a slow statement is cancelled by the server (keeping its connection) before this fires.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /**
   * Longest a request waits for a connection, queueing included. A burst (a crowd joining one
   * wait list, whose joins take turns on the location's row) queues; 15 s lets it drain.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Longest the health checks wait for the database before calling it unreachable. */
  HEALTH_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  /** Seconds SIGTERM leaves in-flight requests and the database to finish before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
  DATA_DIR: z.string().default('data'),
  MEDIA_DIR: z.string().optional(),
  /** Largest file one upload may carry, in bytes (Wagtail's WAGTAILIMAGES_MAX_UPLOAD_SIZE is 10 MB; videos need more). */
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(5_000_000_000).default(100_000_000),
  /** Largest image upload, in bytes; an image file larger than this is refused even under MAX_UPLOAD_BYTES. */
  MAX_IMAGE_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(1_000_000_000).default(10_000_000),
  /** Most pixels an uploaded image may have (width x height); larger ones are refused without being decoded. */
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).max(1_000_000_000).default(128_000_000),
  /** Most files one upload request may carry. */
  MAX_UPLOAD_FILES: z.coerce.number().int().min(1).max(1000).default(20),
  /** Most megabytes an imported spreadsheet may hold: an .xlsx's files unpacked, as its zip directory says, or a CSV's text. */
  SPREADSHEET_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(2000).default(20),
  /** Most files an imported .xlsx may hold inside (a workbook has about ten). */
  SPREADSHEET_MAX_ENTRIES: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** Most rows below the header an imported spreadsheet may have. */
  SPREADSHEET_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** Longest reading one spreadsheet (in a worker thread) may take, in seconds, before it is stopped and refused. */
  SPREADSHEET_READ_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /** Most heap the worker thread reading one spreadsheet may use, in megabytes. */
  SPREADSHEET_READ_MEMORY_MB: z.coerce.number().int().min(32).max(8192).default(256),
  /** The S3-compatible bucket media is stored in; the local media folder when unset. */
  MEDIA_S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens')
      .optional(),
  ),
  /** The server of an S3-compatible service (MinIO, R2); AWS's own when unset. */
  MEDIA_S3_ENDPOINT: optionalUrl,
  MEDIA_S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'expected a region such as us-east-1 (R2 takes auto)')
    .default('us-east-1'),
  /** With MEDIA_S3_SECRET_ACCESS_KEY; both unset leaves the SDK's usual chain (environment, instance role). */
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  /** Addresses objects as endpoint/bucket/key, which MinIO and most self-hosted servers need. */
  MEDIA_S3_FORCE_PATH_STYLE: flag,
  /** A folder inside the bucket for this site's media, such as red-harbor/media. */
  MEDIA_S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/, 'expected folder names joined by /, such as red-harbor/media')
      .optional(),
  ),
  SECRET_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The proxies in front of the app, whose forwarded client address and scheme are believed. */
  TRUST_PROXY: trustProxy,
  /** Hosts served besides the sites' own hostnames; defaults to the local machine (as Django's DEBUG default). */
  ALLOWED_HOSTS: hostList('.localhost,127.0.0.1,[::1]'),
  /** Origins whose pages editors may show in iframe blocks (the video players and captcha are allowed already); by default the demo's map. */
  FRAME_ORIGINS: originList('https://www.openstreetmap.org'),
  /** Whether sites show the new header: the default of each site's "Use the new header" setting until an editor sets it. */
  OLO_NEW_HEADER: flag,
  GOOGLE_MAPS_API_KEY: optionalText,
  MAPS_SCRIPT_URL: z.url({ protocol: /^https$/ }).default('https://maps.googleapis.com/maps/api/js'),
  CONSENT_SCRIPT_URL: optionalUrl,
  TAG_MANAGER_SCRIPT_URL: optionalUrl,
  FOOTER_SCRIPT_URL: optionalUrl,
  CAPTCHA_SCRIPT_URL: optionalUrl,
  /** 'builtin' needs no keys; the hosted ones need CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY. */
  CAPTCHA_PROVIDER: z.enum(['builtin', 'recaptcha', 'hcaptcha', 'turnstile']).default('builtin'),
  CAPTCHA_SITE_KEY: optionalText,
  CAPTCHA_SECRET_KEY: optionalText,
  /**
   * How long an anonymous page view's HTML is kept and reused, in each process and in a CDN in
   * front (s-maxage); a change to what it shows drops it at once. 0 turns the render cache off.
   */
  RENDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  /**
   * How long a process reuses what a public page is built from (the page an address names, its
   * restrictions, its props) when it must render the page anyway (a signed-in visitor, the
   * render cache off or expired); a change to what it shows drops it at once. 0 turns it off.
   */
  PAGE_DATA_CACHE_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  /** The most rendered HTML one process keeps, in megabytes (of characters). */
  RENDER_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  /** Worker processes serving the port (node:cluster); above 1 needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Set by the primary process for each worker: slot 0 also runs the outbox and the scheduler. */
  WORKER_SLOT: z.coerce.number().int().min(0).max(63).default(0),
  /** Posts one visitor (IP address) may send to each public form per window. */
  FORM_POSTS_PER_WINDOW: z.coerce.number().int().min(1).max(10000).default(20),
  /** Accounts and page passwords one address may fail on per 15 minutes before it is locked out (offices share addresses). */
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100000).default(20),
  /** Password reset requests from one address per hour before it gets no more mail (offices share addresses). */
  PASSWORD_RESETS_PER_IP: z.coerce.number().int().min(1).max(100000).default(10),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(600),
  /** Reservation and wait-list lookups by code one address may make per FORM_RATE_WINDOW_SECONDS (a status page polls every 20 s). */
  LOOKUPS_PER_WINDOW: z.coerce.number().int().min(1).max(100000).default(120),
  /** Email signups wait for the address to confirm them through a mailed link (double opt-in). */
  EMAIL_SIGNUP_DOUBLE_OPT_IN: flagOnByDefault,
  /** Where contact messages go when the contact page names no address of its own. */
  CONTACT_TO_ADDRESS: optionalText.pipe(z.email().optional()),
  /**
   * Where the footer's accessibility report posts. Kept here rather than in the site settings, as
   * the outside script addresses above: the Content-Security-Policy trusts it, and editors must not
   * widen what visitors' browsers trust.
   */
  ACCESSIBILITY_SERVICE_URL: optionalUrl,
  SENTRY_DSN: optionalUrl,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Red Harbor <no-reply@redharbor.example>'),
  CI_COMMIT_SHA: z.string().default(''),
  CI_COMMIT_REF_SLUG: z.string().default(''),
  LANGUAGE_CODE: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]{2})?$/, 'expected a language code such as en-us')
    .default('en-us'),
  TIME_ZONE: z.string().refine(isTimeZone, 'expected an IANA time zone such as America/New_York').default('UTC'),
});

export type Config = z.infer<typeof configSchema> & { SECRET_KEY: string };

/** Raised when the environment holds a value the schema refuses; its message is one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once at start-up. In development a missing SECRET_KEY is generated
 * and kept under DATA_DIR so sessions and CSRF tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const value = env[variable];
    throw new ConfigError(`Invalid environment variable ${variable}${value === undefined ? '' : ` (${JSON.stringify(value)})`}: ${issue.message}`);
  }
  const config = parsed.data;
  if (config.DATABASE_QUERY_TIMEOUT_MS <= config.DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment variable DATABASE_QUERY_TIMEOUT_MS (${JSON.stringify(String(config.DATABASE_QUERY_TIMEOUT_MS))}): must be above DATABASE_STATEMENT_TIMEOUT_MS (${config.DATABASE_STATEMENT_TIMEOUT_MS}), so the server cancels a slow statement first`,
    );
  }
  checkMediaStorageSettings(config);
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid environment variable WEB_CONCURRENCY (${JSON.stringify(String(config.WEB_CONCURRENCY))}): several processes need PostgreSQL (set DATABASE_URL); the embedded database serves one process`,
    );
  }
  if (config.SECRET_KEY) return { ...config, SECRET_KEY: config.SECRET_KEY };
  if (config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid environment variable SECRET_KEY: required in production (at least 32 characters)');
  }
  return { ...config, SECRET_KEY: storedSecretKey(config.DATA_DIR) };
}

/** S3 settings that cannot work together: credentials half given, or details without a bucket. */
function checkMediaStorageSettings(config: z.infer<typeof configSchema>): void {
  const refuse = (variable: string, message: string) => {
    throw new ConfigError(`Invalid environment variable ${variable}: ${message}`);
  };
  if (Boolean(config.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(config.MEDIA_S3_SECRET_ACCESS_KEY)) {
    refuse(
      config.MEDIA_S3_ACCESS_KEY_ID ? 'MEDIA_S3_SECRET_ACCESS_KEY' : 'MEDIA_S3_ACCESS_KEY_ID',
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together; set both or neither',
    );
  }
  if (config.MEDIA_S3_BUCKET) return;
  const stray = (['MEDIA_S3_ENDPOINT', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_PREFIX'] as const).find((name) => config[name]);
  if (stray) refuse('MEDIA_S3_BUCKET', `required when ${stray} is set (media would otherwise silently stay on the local disk)`);
}

/** The secret key kept in `dataDir`, made (random, readable by this user only) when there is none yet. */
export function storedSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
