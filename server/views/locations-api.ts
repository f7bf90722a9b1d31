import type { Clock } from '../clock';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { WaitListResponse } from '../../client/lib/location-schemas';
import type { Db } from '../db/database';
import type { LocationCache } from '../models/location-cache';
import { isStaff } from '../models/permissions';
import { formatWait, TYPICAL_PARTY_SIZE } from '../waitlist/estimate';
import { estimateForParty } from '../waitlist/location-waitlist';
import { bothSlashes } from './route-paths';

/** What the location API needs. */
export interface LocationsApiRouterOptions {
  db: Db;
  cache: LocationCache;
  clock: Clock;
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

function badRequest(res: Response, error: z.ZodError): void {
  res.status(400).json({ error: error.issues.map((issue) => issue.message).join(' ') });
}

/**
 * The location API of SPEC §7: nearest locations to a point, one location and its wait list,
 * and the staff-only flush of the location cache. The wait list is never cached: it changes
 * minute by minute.
 */
export function locationsApiRouter({ db, cache, clock }: LocationsApiRouterOptions): Router {
  const router = Router();

  router.get(bothSlashes('/api/location/getlocations'), async (req, res) => {
    const parsed = nearestQuerySchema.safeParse(req.query);
    if (!parsed.success) return badRequest(res, parsed.error);
    const { latitude, longitude, radius, limit } = parsed.data;
    const result = await cache.nearest({ latitude, longitude, radiusMiles: radius, limit });
    res.set('Cache-Control', GET_CACHE_CONTROL).json(result);
  });

  router.get(bothSlashes('/api/location/getlocation'), async (req, res) => {
    const parsed = rlidQuerySchema.safeParse(req.query);
    if (!parsed.success) return badRequest(res, parsed.error);
    const location = await cache.location(parsed.data.rlid);
    if (!location) {
      res.status(404).json({ error: `No location with rlid ${parsed.data.rlid}.` });
      return;
    }
    res.set('Cache-Control', GET_CACHE_CONTROL).json(location);
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

  return router;
}
