import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { multipartBody } from './uploads';
import type { Logger } from 'pino';
import { loadAssetManifest, type AssetManifest } from './asset-manifest';
import type { Config } from './config';
import { createCaptcha } from './captcha/create-captcha';
import { systemClock, type Clock } from './clock';
import type { CaptchaProvider } from './captcha/provider';
import { csrfProtection } from './csrf';
import { pingThrough, type Db } from './db/database';
import { databaseAvailability, type PingDatabase } from './db/database-availability';
import type { QueryWatch } from './db/query-watch';
import { databaseGate, refuseWhileDatabaseDown } from './database-gate';
import { errorHandler } from './error-handler';
import type { ReportError } from './error-reporting';
import { NotFoundError } from './errors';
import { hostGuard } from './host-guard';
import { loadCatalog } from './i18n';
import { refuseNulBytes } from './input-guard';
import { createMediaStorageFromConfig } from './media-storage';
import { configuredOutsideScripts } from './outside-scripts';
import { DIST_DIR, STATIC_DIR } from './paths';
import { createPageRenderer } from './render';
import { createPageCache, watchPublicPagesGeneration } from './page-cache/page-cache';
import type { WatchedGeneration } from './page-cache/watched-generation';
import { securityHeaderList, securityHeaders } from './security-headers';
import { privateResponses } from './private-responses';
import { csrfTokenRouter } from './views/csrf-token';
import { healthChecks, healthRouter } from './views/health';
import { documentPrivacyRouter } from './views/document-privacy';
import { mediaRouter } from './views/media';
import { pageForms } from './views/page-forms';
import { pageResponder } from './views/page-response';
import { restrictedPagesRouter } from './views/restricted-pages';
import { publicPages } from './views/serve';
import { redirectsBeforePages, withRedirects } from './views/redirects';
import { createRedirectTable } from './models/redirects/table';
import { siteFilesRouter } from './views/site-files';
import { createLocationCache } from './models/location-cache';
import { locationsApiRouter, locationsFlushRouter, locatorAnswers } from './views/locations-api';
import { requestLogging } from './request-log';
import { answerBeforeRouting } from './answer-first';
import { preparedResponder } from './prepared-response';
import { geocodeApiRouter } from './views/geocode-api';
import { locationListRedirectRouter } from './views/location-list-redirect';
import { signupConfirmationRouter } from './views/signup-confirmation';
import { waitlistStatusPageRouter } from './views/waitlist-status-page';
import { locationMapImageRouter } from './views/location-map-image';
import { unsubscribeRouter } from './views/unsubscribe';
import { waitlistApiRouter } from './views/waitlist-api';
import { waitlistJoinFirst } from './views/waitlist-join-first';
import { joinConditionsCache } from './models/waitlist/queue';
import type { TrustProxy } from './request-origin';
import { reservationsApiRouter } from './views/reservations-api';
import { rateLimit, rateLimitEveryRequest } from './rate-limit';
import { sessionMiddleware } from './sessions';
import { adminRouter } from './admin/router';

/** What the app is assembled from; index.ts and the tests provide it. */
export interface AppOptions {
  config: Config;
  db: Db;
  logger: Logger;
  manifest?: AssetManifest;
  reportError?: ReportError;
  /** The captcha of visitor forms; by default the one the configuration names. */
  captcha?: CaptchaProvider;
  /** The time every time-dependent decision reads; tests set it. */
  clock?: Clock;
  /** How health checks ask whether the database answers; by default a query through `db`. */
  pingDatabase?: PingDatabase;
  /** What the pool of `db` waits on (DatabaseHandle.watch), given with a `pingDatabase` of its own connection. */
  databaseWatch?: QueryWatch;
  /** The render cache's public-pages generation; by default read from `db` on every request. */
  publicPagesGeneration?: WatchedGeneration;
}

const ONE_YEAR_SECONDS = 31536000;

/** Assembles the Express app: headers, static files, fixed routes, then the page tree. */
export function createApp({
  config,
  db,
  logger,
  manifest = loadAssetManifest(),
  reportError,
  captcha = createCaptcha(config, db, logger),
  clock = systemClock,
  pingDatabase = pingThrough(db),
  databaseWatch,
  publicPagesGeneration = watchPublicPagesGeneration(db),
}: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  const csrf = csrfProtection(config);
  const renderer = createPageRenderer({
    config,
    manifest,
    outsideScripts: configuredOutsideScripts(config),
    catalog: loadCatalog(config.LANGUAGE_CODE),
    csrf,
  });
  const storage = createMediaStorageFromConfig(config, logger);
  const securityHeaderLists = securityHeaderList(config);
  const sendPrepared = preparedResponder(securityHeaderLists, logger);
  const pageCache = createPageCache({
    clock,
    generation: publicPagesGeneration,
    ttlSeconds: config.RENDER_CACHE_SECONDS,
    maxChars: config.RENDER_CACHE_MAX_MB * 1024 * 1024,
    sendPrepared,
  });
  const viewOptions = { db, config, logger, renderer, storage, captcha, clock, pageCache };
  const formLimit = { postsPerWindow: config.FORM_POSTS_PER_WINDOW, windowSeconds: config.FORM_RATE_WINDOW_SECONDS };
  const redirects = { db, table: createRedirectTable(db) };
  const responder = withRedirects(pageResponder(viewOptions), redirects);
  const pages = publicPages(viewOptions, responder);
  const availability = databaseAvailability({ ping: pingDatabase, logger, timeoutMs: config.HEALTH_CHECK_TIMEOUT_MS, watch: databaseWatch });
  const databaseAdmits = databaseGate(availability);

  const guardHost = hostGuard({ db, allowedHosts: config.ALLOWED_HOSTS });
  const locationCache = createLocationCache(db, { clock });
  const parseCookies = cookieParser();
  const parseJson = express.json({ limit: '100kb' });
  const knownConditions = joinConditionsCache();
  const waitlistChanges = { db, clock, secret: config.SECRET_KEY, rule: { bucket: 'api:waitlist', max: formLimit.postsPerWindow, windowSeconds: formLimit.windowSeconds } };
  const joinsFirst = waitlistJoinFirst({
    db,
    clock,
    knownConditions,
    acceptsHost: guardHost.accepts,
    availability,
    csrf,
    parseCookies,
    parseJson,
    rateLimit: waitlistChanges,
    trust: app.get('trust proxy fn') as TrustProxy,
    security: securityHeaderLists,
    logger,
    reportError,
  });
  // Before the router and everything a kept page or a cached locator answer does not need: host
  // checks, cookies, sessions, CSRF, compression, even the security headers, which they set
  // themselves. Only pages rendered for an accepted host are kept, under that host; an address
  // whose page the app rendered for anyone in this generation is rendered again here. A wait-list
  // join without a session is taken here too, with the app's own parsers, checks and limit.
  answerBeforeRouting(
    app,
    [pageCache.serve, pages.renderBeforeRouting, locatorAnswers({ cache: locationCache, acceptsHost: guardHost.accepts, sendPrepared }), joinsFirst],
    logger,
    databaseAdmits,
  );
  app.use(securityHeaders(securityHeaderLists));
  app.use(privateResponses());
  app.use(compression());
  app.use(requestLogging(logger));
  app.use('/static/dist', express.static(DIST_DIR, { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false, fallthrough: false }));
  app.use('/static', express.static(STATIC_DIR, { maxAge: 3600 * 1000, index: false, fallthrough: false }));
  app.use(parseCookies);
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(parseJson);
  app.use(refuseNulBytes());

  // Load balancers probe health by address, not by a site's name.
  app.use(healthRouter({ checks: healthChecks(availability), availability, logger }));
  app.use(refuseWhileDatabaseDown(databaseAdmits));
  app.use(guardHost);
  // The locator's reads are the same for everyone: no session or CSRF token to work out.
  app.use(locationsApiRouter({ db, clock, cache: locationCache, sendPrepared }));
  const sessions = sessionMiddleware(config, db);
  // Document downloads follow their collection's privacy, which depends on who the visitor is.
  app.use('/documents', sessions);
  // Before the media routes, whose /documents/{id}/{filename} would take its address.
  app.use(documentPrivacyRouter({ ...viewOptions, csrf }, responder));
  app.use(mediaRouter({ db, storage }));
  app.use(siteFilesRouter({ ...viewOptions, manifest }, responder));
  app.use(sessions);
  app.use('/wagtail', multipartBody({ maxFileBytes: config.MAX_UPLOAD_BYTES, maxFiles: config.MAX_UPLOAD_FILES }));
  app.use(csrf.middleware);
  app.use(csrfTokenRouter(csrf));
  app.use('/wagtail', adminRouter({ db, config, logger, manifest, csrf, clock, storage, sendPage: pages.sendPage, sendBlocks: pages.sendBlocks }));
  app.use(locationsFlushRouter({ db, cache: locationCache }));
  app.use(geocodeApiRouter());
  const limitChanges = (path: string, bucket: string) =>
    app.use(path, rateLimit({ db, clock, secret: config.SECRET_KEY, rule: { bucket, max: formLimit.postsPerWindow, windowSeconds: formLimit.windowSeconds } }));
  app.use('/api/waitlist', rateLimit(waitlistChanges));
  limitChanges('/api/reservations', 'api:reservations');
  const limitLookups = (bucket: string) =>
    rateLimitEveryRequest({ db, clock, secret: config.SECRET_KEY, rule: { bucket, max: config.LOOKUPS_PER_WINDOW, windowSeconds: formLimit.windowSeconds } });
  const limitWaitlistLookups = limitLookups('lookup:waitlist');
  app.use(waitlistApiRouter({ db, clock, limitLookups: limitWaitlistLookups, knownConditions }));
  app.use(reservationsApiRouter({ db, clock, limitLookups: limitLookups('lookup:reservations') }));
  app.use(locationMapImageRouter({ db, clock }));
  limitChanges('/api/fcc/unsubscribe', 'api:unsubscribe');
  app.use(unsubscribeRouter({ db }));
  app.use(restrictedPagesRouter({ ...viewOptions, csrf }, responder));
  app.get(['/error-pages/404', '/error-pages/404/'], pages.notFoundPreview);
  app.use(redirectsBeforePages(redirects));
  app.use(pages.appendSlash);
  app.use(locationListRedirectRouter({ db }, responder));
  app.use(waitlistStatusPageRouter({ db, limitLookups: limitWaitlistLookups }, responder));
  app.use(signupConfirmationRouter({ db, config, clock }, responder));
  app.get('/{*path}', pages.servePage);
  app.post('/{*path}', pageForms({ ...viewOptions, ...formLimit }, responder));

  app.use(() => {
    throw new NotFoundError('There is nothing at this address.');
  });
  app.use(errorHandler(logger, reportError, availability));
  return app;
}
