import type { Clock } from '../clock';
import { createHash } from 'node:crypto';
import { Router, type Request, type Response, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Db } from '../db/database';
import { NotFoundError, ValidationError } from '../errors';
import { ByteLruCache } from '../maps/byte-lru-cache';
import { MAP_IMAGE_SIZES, type MapImageVariant } from '../maps/map-image-urls';
import { offlineAtlasDocument } from '../maps/offline-atlas';
import { MAP_IMAGE_MILES_PER_PIXEL, renderMapImage, type MapImageLocation } from '../maps/render-map-image';
import { getLocation } from '../models/locations';
import { onlyUnder } from './route-paths';

/** What the map image routes need. */
export interface LocationMapImageRouterOptions {
  db: Db;
  clock: Clock;
}

// The address of an image stays the same when a location is edited; the ETag changes, so a week
// of caching is followed by a cheap revalidation.
const IMAGE_CACHE_CONTROL = 'public, max-age=604800';
const ATLAS_CACHE_CONTROL = 'public, max-age=86400';
/** Budget of rendered images kept in memory: a few thousand at about 10 KB each. */
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** Bumped when the drawing changes, so browsers revalidate to the new look. */
const DRAWING_VERSION = 1;

const rlidSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'The restaurant id must be a number.')
  .transform(Number);
const variantFileSchema = z
  .string()
  .regex(/^(mobile|desktop)\.png$/)
  .transform((file) => file.slice(0, -'.png'.length) as MapImageVariant);

// Everything the drawing depends on, so an edited location gets a new ETag and a fresh image.
function imageTag(location: MapImageLocation, variant: MapImageVariant): string {
  const inputs = [DRAWING_VERSION, MAP_IMAGE_MILES_PER_PIXEL, variant, location.latitude, location.longitude, location.address1, location.city, location.state, location.zip];
  return `"${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 27)}"`;
}

/**
 * GET /location-map/{rlid}/{mobile|desktop}.png: the site's own map image of a location
 * (used when no Google Maps key is set), and GET /location-map/atlas.json: the outlines the
 * built-in locator map draws.
 */
export function locationMapImageRouter({ db, clock }: LocationMapImageRouterOptions): RequestHandler {
  const router = Router();
  const images = new ByteLruCache(IMAGE_CACHE_BYTES);

  router.get('/location-map/atlas.json', (req: Request, res: Response) => {
    const atlas = offlineAtlasDocument();
    res.set({ 'Cache-Control': ATLAS_CACHE_CONTROL, ETag: atlas.etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('json').send(atlas.body);
  });

  router.get('/location-map/:rlid/:file', async (req: Request<{ rlid: string; file: string }>, res: Response) => {
    const rlid = rlidSchema.safeParse(req.params.rlid);
    if (!rlid.success) throw new ValidationError('The restaurant id must be a number.');
    const variant = variantFileSchema.safeParse(req.params.file);
    if (!variant.success) throw new NotFoundError('There is no such map image.');
    const location = await getLocation(db, rlid.data, clock());
    if (!location) throw new NotFoundError(`No location with rlid ${rlid.data}.`);

    const etag = imageTag(location, variant.data);
    res.set({ 'Cache-Control': IMAGE_CACHE_CONTROL, ETag: etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const key = `${rlid.data}/${etag}`;
    let png = images.get(key);
    if (!png) {
      png = await renderMapImage(location, MAP_IMAGE_SIZES[variant.data]);
      images.set(key, png);
    }
    res.type('png').send(png);
  });

  return onlyUnder(['/location-map/'], router);
}
