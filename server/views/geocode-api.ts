import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { sharedGeocoder, type Geocoder } from '../geocoder';
import { bothSlashes, onlyUnder } from './route-paths';

const GEOCODE_CACHE_CONTROL = 'public, max-age=86400';

const geocodeQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'q is required.' : 'q must be a single string.') })
    .trim()
    .min(1, 'q is required.')
    .max(100, 'q must be at most 100 characters.'),
});

/** One result, shaped like a maps geocoder's answer so browser code can treat both alike. */
export interface GeocodeApiResult {
  geometry: { location: { lat: number; lng: number } };
  formatted_address: string;
}

/** GET /api/location/geocode/?q=: an offline geocoder for ZIPs, postal codes, cities and states. */
export function geocodeApiRouter(geocoder: Geocoder = sharedGeocoder()): RequestHandler {
  const router = Router();
  router.get(bothSlashes('/api/location/geocode'), (req, res) => {
    const parsed = geocodeQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      res.status(400).json({ error: parsed.error.issues.map((issue) => issue.message).join(' ') });
      return;
    }
    const found = geocoder.geocode(parsed.data.q);
    const results: GeocodeApiResult[] = found ? [{ geometry: { location: { lat: found.latitude, lng: found.longitude } }, formatted_address: found.label }] : [];
    res.set('Cache-Control', GEOCODE_CACHE_CONTROL).json({ results });
  });
  return onlyUnder(['/api/location/geocode'], router);
}
