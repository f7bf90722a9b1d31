import { Router } from 'express';
import { gettext } from '../../client/lib/i18n';
import { awaitingAttention, lockedPages, recentlyEditedBy, siteSummary } from '../models/dashboard';
import { awaitingReview, submittedBy } from '../models/workflows';
import { permsOf } from './access';
import type { AdminContext } from './types';

/** /wagtail/: pages awaiting the user's review, what needs the editor's attention, their recent edits, locks and counts. */
export function dashboardRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { user, reviewTaskIds } = permsOf(res);
    const [summary, reviews, submitted, awaiting, recent, locked] = await Promise.all([
      siteSummary(db),
      awaitingReview(db, { isSuperuser: user.is_superuser, taskIds: reviewTaskIds }),
      submittedBy(db, user.id),
      awaitingAttention(db, user.id),
      recentlyEditedBy(db, user.id),
      lockedPages(db),
    ]);
    admin.render(req, res, 'dashboard', { title: gettext('Dashboard'), activeNav: 'dashboard', summary, reviews, submitted, awaiting, recent, locked });
  });
  return router;
}
