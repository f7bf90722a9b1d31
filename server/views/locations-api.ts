import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { WaitListResponse } from '../../client/lib/location-schemas';
import type { Db } from '../db/database';
import type { LocationCache } from '../models/location-cache';
import { isStaff } from '../models/permissions';
import { splicedBody } from '../page-cache/spliced-body';
import type { PreparedResponse, SendPrepared } from '../prepared-response';
import { formatWait, TYPICAL_PARTY_SIZE } from '../waitlist/estimate';
import { estimateForParty } from '../waitlist/location-waitlist';
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
    const json = JSON.stringify(value);
    const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
    known = {
      etag,
      body: splicedBody([json]),
      headers: ['Cache-Control', GET_CACHE_CONTROL, 'ETag', etag, 'Content-Type', 'application/json; charset=utf-8', 'Vary', 'Accept-Encoding'],
    };
    prepared.set(value, known);
  }
  return known;
}

/** The cached reads: what a valid query answers, or undefined for the routes below to explain (400, 404). */
type CachedRead = (query: Request['query']) => Promise<object | undefined>;

function cachedReads(cache: LocationCache): Record<string, CachedRead> {
  const nearest: CachedRead = async (query) => {
    const parsed = nearestQuerySchema.safeParse(query);
    if (!parsed.success) return undefined;
    const { latitude, longitude, radius, limit } = parsed.data;
    return cache.nearest({ latitude, longitude, radiusMiles: radius, limit });
  };
  const one: CachedRead = async (query) => {
    const parsed = rlidQuerySchema.safeParse(query);
    return parsed.success ? cache.location(parsed.data.rlid) : undefined;
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
}: Pick<LocationsApiRouterOptions, 'cache' | 'sendPrepared'> & { acceptsHost: (req: Request) => Promise<boolean> }): RequestHandler {
  const reads = cachedReads(cache);
  return async (req, res, next) => {
    const read = reads[req.path];
    if (!read || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    let value: object | undefined;
    try {
      value = (await acceptsHost(req)) ? await read(req.query) : undefined;
    } catch {
      value = undefined;
    }
    if (!value) return next();
    sendPrepared(req, res, preparedAnswer(value));
  };
}

function badRequest(res: Response, error: z.ZodError): void {
  res.status(400).json({ error: error.issues.map((issue) => issue.message).join(' ') });
}

/**
 * The reads of the location API of SPEC §7: nearest locations to a point, one location and its
 * wait list. The wait list is never cached: it changes minute by minute. Nothing here depends on
 * who asks, so the app mounts it before sessions and CSRF.
 */
export function locationsApiRouter({ db, cache, clock, sendPrepared }: LocationsApiRouterOptions): RequestHandler {
  const router = Router();

  router.get(bothSlashes('/api/location/getlocations'), async (req, res) => {
    const parsed = nearestQuerySchema.safeParse(req.query);
    if (!parsed.success) return badRequest(res, parsed.error);
    const { latitude, longitude, radius, limit } = parsed.data;
    sendPrepared(req, res, preparedAnswer(await cache.nearest({ latitude, longitude, radiusMiles: radius, limit })));
  });

  router.get(bothSlashes('/api/location/getlocation'), async (req, res) => {
    const parsed = rlidQuerySchema.safeParse(req.query);
    if (!parsed.success) return badRequest(res, parsed.error);
    const location = await cache.location(parsed.data.rlid);
    if (!location) {
      res.status(404).json({ error: `No location with rlid ${parsed.data.rlid}.` });
      return;
    }
    sendPrepared(req, res, preparedAnswer(location));
  });

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
