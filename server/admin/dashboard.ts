import { Router } from 'express';
import { gettext } from '../../client/lib/i18n';
import { awaitingAttention, lockedPages, recentlyEditedBy, siteSummary } from '../models/dashboard';
import { permsOf } from './access';
import type { AdminContext } from './types';

/** /wagtail/: what needs the editor's attention, their recent edits, locks and counts. */
export function dashboardRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { user } = permsOf(res);
    const [summary, awaiting, recent, locked] = await Promise.all([
      siteSummary(db),
      awaitingAttention(db, user.id),
      recentlyEditedBy(db, user.id),
      lockedPages(db),
    ]);
    admin.render(req, res, 'dashboard', { title: gettext('Dashboard'), activeNav: 'dashboard', summary, awaiting, recent, locked });
  });
  return router;
}
