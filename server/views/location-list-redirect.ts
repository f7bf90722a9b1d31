import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { localPageUrl } from '../../client/lib/location-links';
import type { Db } from '../db/database';
import { findLocalPageByListPath } from '../models/location-directory';
import type { PageResponder } from './page-response';
import { resolveRequestSite } from './site-request';
import { onlyUnder } from './route-paths';

const slugParam = z.string().trim().min(1).max(200);
const listPathSchema = z.object({ state: slugParam, city: slugParam, line1: slugParam });

/**
 * `/locations/list/{state_slug}/{city_slug}/{line1_slug}/` (SPEC §2): the old address of a
 * location, sent on to its local page for good; the 404 page when no location matches.
 * Mounted after the trailing-slash redirect, so the address without its slash gets one first.
 */
export function locationListRedirectRouter({ db }: { db: Db }, responder: PageResponder): RequestHandler {
  const router = Router();
  router.get('/locations/list/:state/:city/:line1/', async (req, res) => {
    const params = listPathSchema.safeParse(req.params);
    const address = params.success ? await findLocalPageByListPath(db, params.data.state, params.data.city, params.data.line1) : undefined;
    if (!address) return responder.notFound(req, res, await resolveRequestSite(db, req));
    res.redirect(301, localPageUrl(address));
  });
  return onlyUnder(['/locations/list/'], router);
}
