import { Router } from 'express';
import type { CsrfProtection } from '../csrf';

/** /api-nc/csrftoken/: a fresh token for scripts that post JSON (never cached). */
export function csrfTokenRouter(csrf: CsrfProtection): Router {
  const router = Router();
  router.get(['/api-nc/csrftoken', '/api-nc/csrftoken/'], (req, res) => {
    res.set('Cache-Control', 'no-store').json({ csrf_token: csrf.tokenFor(req, res) });
  });
  return router;
}
