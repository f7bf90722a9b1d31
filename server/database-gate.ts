import type { RequestHandler } from 'express';
import type { DatabaseAvailability } from './db/database-availability';
import { ServiceUnavailableError } from './errors';

/**
 * Whether requests may go to the database now: no once it was found not to answer, yes again as
 * soon as a probe succeeds. The one gate of every database-backed route: the handlers answering
 * before the router ask it (answer-first.ts), and `refuseWhileDatabaseDown` answers for it.
 */
export function databaseGate(availability: DatabaseAvailability): () => boolean {
  return () => availability.isServing(Date.now());
}

/** Refuses requests with a quick 503 while the gate is shut, instead of letting each wait for a timeout. */
export function refuseWhileDatabaseDown(admits: () => boolean): RequestHandler {
  return function databaseGate(_req, _res, next) {
    if (!admits()) throw new ServiceUnavailableError();
    next();
  };
}
