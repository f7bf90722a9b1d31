import type { Request } from 'express';
import type { Db } from '../db/database';
import { resolveRequestSite, siteOrigin } from '../views/site-request';

/**
 * The origin for links in mail: the configured site the request matched, never the raw Host
 * header, so a forged Host cannot point a reset link at somebody else's server.
 */
export async function mailOrigin(req: Request, db: Db): Promise<string> {
  return siteOrigin(req, (await resolveRequestSite(db, req))?.site);
}
