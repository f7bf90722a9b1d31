import { Router } from 'express';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** One health check: resolves when healthy, throws with the reason when not. */
export type HealthCheck = () => Promise<void>;

/** The checks /api/ht/ runs, by name; /api/ht/{name}/ runs one. */
export function healthChecks(db: Db): Record<string, HealthCheck> {
  return {
    database: async () => {
      await sql`select 1`.execute(db);
    },
  };
}

const CHECK_TIMEOUT_MS = 5000;

async function runCheck(check: HealthCheck): Promise<{ status: 'ok' } | { status: 'error'; error: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'error', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Health routes: /api/ht/ (all checks), /api/ht/{subset}/, and /admin/load-balancer-ht/. */
export function healthRouter(checks: Record<string, HealthCheck>): Router {
  const router = Router();
  const respond = async (names: string[], res: import('express').Response) => {
    const results = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await runCheck(checks[name]!)] as const)));
    const healthy = Object.values(results).every((result) => result.status === 'ok');
    res.status(healthy ? 200 : 503).set('Cache-Control', 'no-store').json({ status: healthy ? 'ok' : 'error', checks: results });
  };
  router.get(['/api/ht', '/api/ht/'], (_req, res) => respond(Object.keys(checks), res));
  router.get(['/api/ht/:subset', '/api/ht/:subset/'], (req, res) => {
    const names = String(req.params.subset).split(',');
    const unknown = names.filter((name) => !Object.hasOwn(checks, name));
    if (unknown.length) {
      res.status(404).json({ status: 'error', error: `Unknown health check: ${unknown.join(', ')}`, available: Object.keys(checks) });
      return;
    }
    return respond(names, res);
  });
  // Answers as long as the process can serve; the load balancer must not drain on a DB blip.
  router.get(['/admin/load-balancer-ht', '/admin/load-balancer-ht/'], (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/plain').send('OK');
  });
  return router;
}
