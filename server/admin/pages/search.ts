import { Router } from 'express';
import { z } from 'zod';
import { gettext, ngettext } from '../../../client/lib/i18n';
import { EXPLORER_PAGE_SIZE, PAGE_SEARCH_STATUSES, searchPages, subtreeFacts } from '../../models/page-listing';
import { restrictedPagePaths } from '../../models/view-restrictions';
import { PAGE_TYPES } from '../../pagetypes/index';
import { permsOf } from '../access';
import { bulkActionChoices } from '../bulk-actions-definitions';
import { pageNumber, pageSlice, paginate } from '../generic/paginator';
import type { AdminContext } from '../types';
import { actionsWithChildTypes } from './explore';
import { pageStatusTags } from './status';
import { pagePolicy } from '../../models/permission-policies';

const searchQuery = z.object({
  q: z.string().max(200).catch(''),
  type: z
    .enum(Object.keys(PAGE_TYPES) as [string, ...string[]])
    .optional()
    .catch(undefined),
  status: z.enum(PAGE_SEARCH_STATUSES).optional().catch(undefined),
});

const STATUS_LABELS: Record<(typeof PAGE_SEARCH_STATUSES)[number], string> = {
  live: 'Live',
  draft: 'Draft',
  changes: 'Live with unpublished changes',
  scheduled: 'Scheduled',
  expired: 'Expired',
  locked: 'Locked',
  moderation: 'In moderation',
};

/** /wagtail/pages/search/: pages by words in title or content, filtered by type and status. */
export function searchRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.get('/pages/search/', async (req, res) => {
    const query = searchQuery.parse({ q: req.query.q ?? '', type: req.query.type || undefined, status: req.query.status || undefined });
    const current = pageNumber.parse(req.query.p);
    const searching = Boolean(query.q.trim() || query.type || query.status);
    const [{ pages, total }, restricted] = searching
      ? await Promise.all([
          searchPages(db, { scope: pagePolicy.changeableScope(permsOf(res)), text: query.q, pageType: query.type, status: query.status }, pageSlice(current, EXPLORER_PAGE_SIZE).offset),
          restrictedPagePaths(db),
        ])
      : [{ pages: [], total: 0 }, []];
    const facts = await subtreeFacts(db, pages);
    admin.render(req, res, 'pages-search', {
      title: gettext('Search pages'),
      activeNav: 'search',
      query,
      searching,
      bulkActions: bulkActionChoices(),
      total,
      resultsSummary: ngettext('{count} matching page', '{count} matching pages', total),
      types: Object.values(PAGE_TYPES)
        .sort((a, b) => a.label.localeCompare(b.label))
        .map((type) => ({ name: type.name, label: type.label, selected: type.name === query.type })),
      statuses: PAGE_SEARCH_STATUSES.map((status) => ({ value: status, label: gettext(STATUS_LABELS[status]), selected: status === query.status })),
      rows: pages.map((page) => ({
        page,
        typeLabel: PAGE_TYPES[page.page_type]?.label ?? page.page_type,
        status: pageStatusTags(page, restricted),
        actions: actionsWithChildTypes(permsOf(res), page, facts.get(page.id)),
      })),
      pagination: paginate(req, current, total, EXPLORER_PAGE_SIZE),
    });
  });
  return router;
}
