import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import type { Db } from './db/database';
import { ValidationError } from './errors';
import { isSiteHostname } from './models/sites';
import { isHostAllowed, parseHost } from './request-host';

/** What the host guard accepts: the ALLOWED_HOSTS patterns, and the sites in the database. */
export interface HostGuardOptions {
  db: Db;
  allowedHosts: readonly string[];
}

/**
 * Refuses (400) a request whose Host is malformed or names neither a configured site nor an
 * allowed host, as Django's ALLOWED_HOSTS does, so no forged Host reaches a page or a cache.
 */
export function hostGuard({ db, allowedHosts }: HostGuardOptions): RequestHandler & { accepts(host: string | undefined): Promise<boolean> } {
  // Every request on a site's own name would otherwise cost a query. Only names found are kept:
  // a site added now is served at once, and one deleted is let through for at most a minute,
  // where it meets the default site as any allowed host does.
  const knownSiteHosts = new LRUCache<string, true>({ max: 1000, ttl: 60_000 });
  const isKnownSiteHost = async (hostname: string): Promise<boolean> => {
    if (knownSiteHosts.has(hostname)) return true;
    if (!(await isSiteHostname(db, hostname))) return false;
    knownSiteHosts.set(hostname, true);
    return true;
  };
  /** Whether the guard lets a request for `host` (its Host, or a trusted proxy's) through, for a handler answering before it. */
  const accepts = async (requestHost: string | undefined): Promise<boolean> => {
    const host = parseHost(requestHost);
    return host !== undefined && (isHostAllowed(host.hostname, allowedHosts) || (await isKnownSiteHost(host.hostname)));
  };
  const refuseUnknownHost: RequestHandler = async function refuseUnknownHost(req, _res, next) {
    if (!parseHost(req.host)) throw new ValidationError('The Host header is missing or is not a valid host name and port.');
    if (await accepts(req.host)) return next();
    throw new ValidationError('This server does not serve the host the request names.');
  };
  return Object.assign(refuseUnknownHost, { accepts });
}
