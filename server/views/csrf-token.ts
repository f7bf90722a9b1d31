import { Router, type RequestHandler } from 'express';
import type { CsrfProtection } from '../csrf';
import { onlyUnder } from './route-paths';

/** /api-nc/csrftoken/: a fresh token for scripts that post JSON (never cached). */
export function csrfTokenRouter(csrf: CsrfProtection): RequestHandler {
  const router = Router();
  router.get(['/api-nc/csrftoken', '/api-nc/csrftoken/'], (req, res) => {
    res.set('Cache-Control', 'no-store').json({ csrf_token: csrf.tokenFor(req, res) });
  });
  return onlyUnder(['/api-nc/csrftoken'], router);
}
