import type { RequestHandler } from 'express';
import type { DatabaseAvailability } from './db/database-availability';
import { ServiceUnavailableError } from './errors';

/**
 * Refuses requests with a quick 503 while the database is known not to answer, instead of
 * letting each wait for a connection timeout; requests pass again as soon as a probe succeeds.
 */
export function refuseWhileDatabaseDown(availability: DatabaseAvailability): RequestHandler {
  return function databaseGate(_req, _res, next) {
    if (!availability.isServing(Date.now())) throw new ServiceUnavailableError();
    next();
  };
}
