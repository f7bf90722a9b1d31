import { Router, type Response, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DatabaseAvailability } from '../db/database-availability';
import { onlyUnder } from './route-paths';

/** One health check at time `now` (ms): resolves when healthy, throws with the reason when not. */
export type HealthCheck = (now: number) => Promise<void>;

/** What the health routes read. */
export interface HealthRouterOptions {
  /** The checks /api/ht/ runs, by name; /api/ht/{a,b}/ runs the named ones. */
  checks: Record<string, HealthCheck>;
  availability: DatabaseAvailability;
  logger: Logger;
}

/**
 * The checks /api/ht/ runs. The database one reads the shared availability, which probes at
 * most once a second however many callers ask.
 */
export function healthChecks(availability: DatabaseAvailability): Record<string, HealthCheck> {
  return {
    database: async (now) => {
      if (!(await availability.check(now))) throw new Error('The database does not answer');
    },
  };
}

type CheckStatus = 'ok' | 'error';

/** Unknown names are echoed back only this far, so a long request does not buy a long answer. */
const MAX_ECHOED_NAMES = 5;

type SubsetParse = { names: string[] } | { status: 400 | 404; error: string };

/** The names of /api/ht/{subset}/: known checks, each once. */
function parseSubset(subset: string, known: Record<string, HealthCheck>): SubsetParse {
  const names = subset.split(',');
  const unknown = names.filter((name) => !Object.hasOwn(known, name));
  if (unknown.length) return { status: 404, error: `Unknown health check: ${unknown.slice(0, MAX_ECHOED_NAMES).join(', ')}` };
  if (new Set(names).size !== names.length) return { status: 400, error: 'Name each health check once.' };
  return { names };
}

/**
 * Health routes: /api/ht/ (all checks), /api/ht/{subset}/, and /admin/load-balancer-ht/. Callers
 * see each check's status; the reason for a failure goes to the log, not to anonymous callers.
 */
export function healthRouter({ checks, availability, logger }: HealthRouterOptions): RequestHandler {
  const router = Router();
  const runCheck = async (name: string, now: number): Promise<CheckStatus> => {
    try {
      await checks[name]!(now);
      return 'ok';
    } catch (error) {
      logger.warn({ check: name, err: error }, 'Health check failed');
      return 'error';
    }
  };
  const respond = async (names: string[], res: Response) => {
    const now = Date.now();
    const statuses = await Promise.all(names.map((name) => runCheck(name, now)));
    const healthy = statuses.every((status) => status === 'ok');
    const results = Object.fromEntries(names.map((name, index) => [name, { status: statuses[index] }]));
    res
      .status(healthy ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: healthy ? 'ok' : 'error', checks: results });
  };
  router.get(['/api/ht', '/api/ht/'], (_req, res) => respond(Object.keys(checks), res));
  router.get(['/api/ht/:subset', '/api/ht/:subset/'], (req, res) => {
    const parsed = parseSubset(String(req.params.subset), checks);
    if ('error' in parsed) {
      res
        .status(parsed.status)
        .set('Cache-Control', 'no-store')
        .json({ status: 'error', error: parsed.error, available: Object.keys(checks) });
      return;
    }
    return respond(parsed.names, res);
  });
  // Says 503 while the database does not answer, so the load balancer sends traffic elsewhere.
  router.get(['/admin/load-balancer-ht', '/admin/load-balancer-ht/'], async (_req, res) => {
    const reachable = await availability.check(Date.now());
    res
      .status(reachable ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send(reachable ? 'OK' : 'Database unavailable');
  });
  return onlyUnder(['/api/ht', '/admin/load-balancer-ht'], router);
}
