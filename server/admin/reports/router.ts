import { Router } from 'express';
import { PermissionDenied } from '../../errors';
import { permsOf } from '../access';
import { adminMenu } from '../menu';
import type { AdminContext } from '../types';
import { agingPagesReport } from './aging-pages';
import { lockedPagesReport } from './locked-pages';
import { pageTypesUsageReport } from './page-types-usage';
import { addReport } from './report-view';
import { siteHistoryReport } from './site-history';
import { workflowReport, workflowTasksReport } from './workflows';

/**
 * /wagtail/reports/ as Wagtail's reports: locked pages, workflows, workflow tasks, site history,
 * aging pages and page types usage, each filterable and exportable; the index goes to the first
 * report the sidebar offers the user.
 */
export function reportsRouter(context: AdminContext): Router {
  const router = Router();
  const { db } = context;
  addReport(router, context, lockedPagesReport(db));
  addReport(router, context, workflowReport(db));
  addReport(router, context, workflowTasksReport(db));
  addReport(router, context, siteHistoryReport(db));
  addReport(router, context, agingPagesReport(db));
  addReport(router, context, pageTypesUsageReport(db));
  router.get('/reports/', (_req, res) => {
    const reports = adminMenu(permsOf(res)).find((item) => item.name === 'reports');
    if (!reports) throw new PermissionDenied('You do not have permission to see any report.');
    res.redirect(302, reports.url);
  });
  return router;
}
