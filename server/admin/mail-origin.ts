import type { Request } from 'express';
import type { Db } from '../db/database';
import { requestPort, resolveRequestSite } from '../views/site-request';

/**
 * The origin for links in mail: the configured site the request matched, never the raw Host
 * header, so a forged Host cannot point a reset link at somebody else's server.
 */
export async function mailOrigin(req: Request, db: Db): Promise<string> {
  const site = await resolveRequestSite(db, req);
  const hostname = site?.site.hostname ?? req.hostname;
  const port = site?.site.port ?? requestPort(req);
  const defaultPort = req.secure ? 443 : 80;
  return `${req.protocol}://${hostname}${port === defaultPort ? '' : `:${port}`}`;
}
