import { weakEntityTag } from '../entity-tag';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import type { EarlyHandler } from '../answer-first';
import type { Clock } from '../clock';
import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { WaitListResponse } from '../../client/lib/location-schemas';
import type { Db } from '../db/database';
import type { LocationCache } from '../models/location-cache';
import { isStaff } from '../models/permissions';
import type { PreparedResponse, SendPrepared } from '../prepared-response';
import { formatWait, TYPICAL_PARTY_SIZE } from '../models/waitlist/estimate';
import { estimateForParty } from '../models/waitlist/location-waitlist';
import { bothSlashes, onlyUnder } from './route-paths';

/** What the location API needs. */
export interface LocationsApiRouterOptions {
  db: Db;
  cache: LocationCache;
  clock: Clock;
  sendPrepared: SendPrepared;
}

/** Search defaults and limits of GET /api/location/getlocations/ (SPEC §9). */
export const DEFAULT_RADIUS_MILES = 200;
export const MAX_RADIUS_MILES = 3000;
export const DEFAULT_LOCATION_LIMIT = 26;
export const MAX_LOCATION_LIMIT = 100;

const GET_CACHE_CONTROL = 'public, max-age=60';

// A query value is a string; an absent or blank one means "not given", and anything else must be a finite number.
const queryNumber = (name: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? Number.NaN : Number(value)),
    z.number({ error: (issue) => (issue.input === undefined ? `${name} is required.` : `${name} must be a number.`) }),
  );

const nearestQuerySchema = z.object({
  latitude: queryNumber('latitude').pipe(z.number().min(-90, 'latitude must be between -90 and 90.').max(90, 'latitude must be between -90 and 90.')),
  longitude: queryNumber('longitude').pipe(z.number().min(-180, 'longitude must be between -180 and 180.').max(180, 'longitude must be between -180 and 180.')),
  radius: queryNumber('radius')
    .optional()
    .pipe(z.number().gt(0, 'radius must be greater than 0.').max(MAX_RADIUS_MILES, `radius must be at most ${MAX_RADIUS_MILES}.`).default(DEFAULT_RADIUS_MILES)),
  limit: queryNumber('limit')
    .optional()
    .pipe(
      z
        .number()
        .int('limit must be a whole number.')
        .min(1, `limit must be between 1 and ${MAX_LOCATION_LIMIT}.`)
        .max(MAX_LOCATION_LIMIT, `limit must be between 1 and ${MAX_LOCATION_LIMIT}.`)
        .default(DEFAULT_LOCATION_LIMIT),
    ),
});

const rlidQuerySchema = z.object({
  rlid: queryNumber('rlid').pipe(z.number().int('rlid must be a whole number.').positive('rlid must be a positive whole number.').max(2147483647, 'rlid is out of range.')),
});

/** A cached answer as sent, made once per cached object instead of on every request. */
const prepared = new WeakMap<object, PreparedResponse>();

function preparedAnswer(value: object): PreparedResponse {
  let known = prepared.get(value);
  if (!known) {
    const body = Buffer.from(JSON.stringify(value), 'utf8');
    const etag = weakEntityTag(body);
    known = {
      etag,
      body,
      headers: ['Cache-Control', GET_CACHE_CONTROL, 'ETag', etag, 'Content-Type', 'application/json; charset=utf-8', 'Vary', 'Accept-Encoding'],
    };
    prepared.set(value, known);
  }
  return known;
}

/** What a cached read answers: the value, or why there is none (SPEC §7's 400 and 404 bodies). */
type ReadOutcome = { value: object } | { status: 400 | 404; error: string };

/** A cached read of the query of a GET, as Express's simple query parser gives it. */
type CachedRead = (query: ParsedUrlQuery) => Promise<ReadOutcome>;

const issuesMessage = (error: z.ZodError) => error.issues.map((issue) => issue.message).join(' ');
const invalid = (error: z.ZodError): ReadOutcome => ({ status: 400, error: issuesMessage(error) });

/** The locator's cached reads by address, each address with and without its trailing slash. */
function cachedReads(cache: LocationCache): Record<string, CachedRead> {
  const nearest: CachedRead = async (query) => {
    const parsed = nearestQuerySchema.safeParse(query);
    if (!parsed.success) return invalid(parsed.error);
    const { latitude, longitude, radius, limit } = parsed.data;
    return { value: await cache.nearest({ latitude, longitude, radiusMiles: radius, limit }) };
  };
  const one: CachedRead = async (query) => {
    const parsed = rlidQuerySchema.safeParse(query);
    if (!parsed.success) return invalid(parsed.error);
    const location = await cache.location(parsed.data.rlid);
    return location ? { value: location } : { status: 404, error: `No location with rlid ${parsed.data.rlid}.` };
  };
  const reads: Record<string, CachedRead> = {};
  for (const path of bothSlashes('/api/location/getlocations')) reads[path] = nearest;
  for (const path of bothSlashes('/api/location/getlocation')) reads[path] = one;
  return reads;
}

/**
 * The locator's cached reads answered as the app's first handlers, as kept pages are: the same
 * for everyone, so nothing of sessions, cookies or bodies is needed. Anything else (a refused
 * host, a bad query, an unknown location, a database away) goes on to the ordinary routes, which
 * answer it.
 */
export function locatorAnswers({
  cache,
  acceptsHost,
  sendPrepared,
}: Pick<LocationsApiRouterOptions, 'cache' | 'sendPrepared'> & { acceptsHost: (host: string | undefined) => Promise<boolean> }): EarlyHandler {
  const reads = cachedReads(cache);
  return async ({ req, res, path, search, origin }, next) => {
    const read = Object.hasOwn(reads, path) ? reads[path] : undefined;
    if (!read || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    let outcome: ReadOutcome | undefined;
    try {
      outcome = (await acceptsHost(origin.host)) ? await read(parseQuery(search.slice(1))) : undefined;
    } catch {
      outcome = undefined;
    }
    if (!outcome || !('value' in outcome)) return next();
    sendPrepared(req, res, preparedAnswer(outcome.value), origin.secure);
  };
}

function badRequest(res: Response, error: z.ZodError): void {
  res.status(400).json({ error: issuesMessage(error) });
}

/**
 * The reads of the location API of SPEC §7: nearest locations to a point, one location and its
 * wait list. The wait list is never cached: it changes minute by minute. Nothing here depends on
 * who asks, so the app mounts it before sessions and CSRF.
 */
export function locationsApiRouter({ db, cache, clock, sendPrepared }: LocationsApiRouterOptions): RequestHandler {
  const router = Router();

  for (const [path, read] of Object.entries(cachedReads(cache))) {
    router.get(path, async (req, res) => {
      const outcome = await read(req.query as ParsedUrlQuery);
      if ('value' in outcome) sendPrepared(req, res, preparedAnswer(outcome.value), req.secure);
      else res.status(outcome.status).json({ error: outcome.error });
    });
  }

  router.get(bothSlashes('/api/location/getwaitlist'), async (req, res) => {
    const parsed = rlidQuerySchema.safeParse(req.query);
    if (!parsed.success) return badRequest(res, parsed.error);
    const estimate = await estimateForParty(db, parsed.data.rlid, TYPICAL_PARTY_SIZE, clock());
    const waitList: WaitListResponse = {
      rlid: estimate.rlid,
      waitListReady: estimate.waitListReady,
      estimatedWaitTime: estimate.waitListReady ? formatWait(estimate.estimatedWaitMinutes) : null,
      waitListMaxPartySize: estimate.maxPartySize,
    };
    res.set('Cache-Control', 'no-store').json(waitList);
  });

  return onlyUnder(['/api/location/'], router);
}

/** The staff-only flush of the location cache, which needs the session and a CSRF token. */
export function locationsFlushRouter({ db, cache }: Pick<LocationsApiRouterOptions, 'db' | 'cache'>): RequestHandler {
  const router = Router();
  router.post(bothSlashes('/api/location/flush'), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!(await isStaff(db, req.session.userId))) {
      res.status(403).json({ error: 'Only signed-in staff can flush the location cache.' });
      return;
    }
    const generation = await cache.flush();
    req.log?.info({ generation, userId: req.session.userId }, 'Location cache flushed');
    res.json({ flushed: true, generation });
  });

  return onlyUnder(['/api/location/flush'], router);
}
