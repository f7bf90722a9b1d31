import { gettext } from '../../../client/lib/i18n';
import type { Db } from '../../db/database';
import { pageTypesUsage, siteRoots, type PageTypeUsageRow } from '../../models/reports-page-types';
import { canSeePageReports } from '../../models/reports-scope';
import { PAGE_TYPES } from '../../pagetypes';
import { readId, selectOptions } from './listing';
import { pageEditUrl, pageTypeLabel } from './page-columns';
import type { ReportDefinition } from './report-view';

/** The site filter: the root path of the chosen site, if any. */
interface PageTypesFilter {
  siteRootPath?: string;
}

/**
 * Wagtail's PageTypesUsageReportView: every page type with how many pages use it (on one site
 * when the site filter is set; the filter shows only with several sites) and the page of the type
 * edited last. There are a handful of types, so one query reads them all.
 */
export function pageTypesUsageReport(db: Db): ReportDefinition<PageTypeUsageRow, PageTypesFilter> {
  return {
    activeNav: 'report-page-types-usage',
    path: '/reports/page-types-usage/',
    title: gettext('Page types usage'),
    filename: 'page-types-usage',
    allowed: canSeePageReports,
    async readFilter({ req }, errors) {
      const sites = await siteRoots(db);
      const siteId = readId(
        req,
        'site',
        sites.map((site) => site.id),
        errors,
      );
      const chosen = sites.find((site) => site.id === siteId);
      return {
        filter: { siteRootPath: chosen?.path },
        fields:
          sites.length > 1
            ? [
                {
                  name: 'site',
                  label: gettext('Site'),
                  type: 'select',
                  emptyLabel: gettext('All'),
                  options: selectOptions(
                    sites.map((site) => ({ value: site.id, label: site.site_name || site.hostname })),
                    siteId,
                  ),
                  errors: errors.site,
                },
              ]
            : [],
      };
    },
    async list(_request, filter, slice) {
      // One slice holds every type: the listing's first page, or the export's only batch.
      if ('after' in slice && slice.after) return [];
      const rows = await pageTypesUsage(db, Object.keys(PAGE_TYPES), filter.siteRootPath);
      return 'offset' in slice ? rows.slice(slice.offset, slice.offset + slice.limit) : rows;
    },
    count: async () => Object.keys(PAGE_TYPES).length,
    columns: [
      { heading: gettext('Page type'), cell: (row) => ({ text: pageTypeLabel(row.page_type) }) },
      { heading: gettext('Count'), cell: (row) => ({ text: String(row.count), url: `/wagtail/pages/search/?type=${encodeURIComponent(row.page_type)}` }) },
      {
        heading: gettext('Last edited page'),
        cell: (row) => (row.last_edited_page_id === null ? { text: '' } : { text: row.last_edited_page_title ?? '', url: pageEditUrl(row.last_edited_page_id) }),
      },
      { heading: gettext('Last edited at'), cell: (row) => ({ date: row.last_edited_at }) },
      { heading: gettext('Last edited by'), cell: (row) => ({ text: row.last_edited_by ?? '' }) },
    ],
    exportColumns: [
      { heading: gettext('Page type'), cell: (row) => pageTypeLabel(row.page_type) },
      { heading: gettext('Count'), cell: (row) => row.count },
      { heading: gettext('Last edited page'), cell: (row) => row.last_edited_page_title },
      { heading: gettext('Last edited at'), cell: (row) => row.last_edited_at },
      { heading: gettext('Last edited by'), cell: (row) => row.last_edited_by },
    ],
    emptyMessage: gettext('No page types found.'),
  };
}
