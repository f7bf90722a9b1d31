import { Router } from 'express';
import type { AdminContext } from '../types';
import { editRouter } from './edit';
import { exploreRouter } from './explore';
import { moveCopyRouter } from './move-copy';
import { operationsRouter } from './operations';
import { privacyRouter } from './privacy';
import { revisionsRouter } from './revisions';
import { searchRouter } from './search';
import { workflowRouter } from './workflow';

/** Everything under /wagtail/pages/. */
export function pagesRouter(context: AdminContext): Router {
  const router = Router();
  router.use(searchRouter(context));
  router.use(editRouter(context));
  router.use(operationsRouter(context));
  router.use(moveCopyRouter(context));
  router.use(revisionsRouter(context));
  router.use(privacyRouter(context));
  router.use(workflowRouter(context));
  router.use(exploreRouter(context));
  return router;
}
