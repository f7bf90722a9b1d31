import { gettext } from '../../../client/lib/i18n';
import type { Db } from '../../db/database';
import { zonedInstant } from '../../models/location-clock';
import { countAgingPages, listAgingPages, type AgingPageRow, type AgingPagesFilter } from '../../models/reports-aging-pages';
import { canSeePageReports } from '../../models/reports-scope';
import { booleanFilter, queryText, readChoice, readDay, selectOptions } from './listing';
import { pageEditUrl, pageStatus, pageTypeLabel, pageTypeOptions } from './page-columns';
import type { ReportDefinition } from './report-view';

/** Wagtail's AgingPagesView: published pages the user may publish, those published longest ago first. */
export function agingPagesReport(db: Db): ReportDefinition<AgingPageRow, AgingPagesFilter> {
  return {
    activeNav: 'report-aging-pages',
    path: '/reports/aging-pages/',
    title: gettext('Aging pages'),
    filename: 'aging-pages-report',
    allowed: canSeePageReports,
    async readFilter({ req, timeZone }, errors) {
      const live = booleanFilter(req, 'live', gettext('Live'), errors);
      const before = readDay(req, 'last_published_at', errors);
      const types = pageTypeOptions();
      const pageType = readChoice(
        req,
        'content_type',
        types.map((type) => type.value),
        errors,
      );
      return {
        // Wagtail reads the day as its midnight and keeps pages published at or before it.
        filter: { live: live.value, publishedBefore: before ? zonedInstant(before, 0, timeZone) : undefined, pageType },
        fields: [
          live.field,
          { name: 'last_published_at', label: gettext('Last published before'), type: 'date', value: queryText(req, 'last_published_at', 40), errors: errors.last_published_at },
          { name: 'content_type', label: gettext('Type'), type: 'select', emptyLabel: gettext('All'), options: selectOptions(types, pageType), errors: errors.content_type },
        ],
      };
    },
    list: ({ perms }, filter, slice) => listAgingPages(db, perms, filter, slice),
    count: ({ perms }, filter) => countAgingPages(db, perms, filter),
    columns: [
      { heading: gettext('Title'), cell: (row) => ({ text: row.title, url: pageEditUrl(row.id) }) },
      { heading: gettext('Status'), cell: (row, { now }) => ({ text: pageStatus(row, now) }) },
      { heading: gettext('Last published at'), cell: (row) => ({ date: row.last_published_at }) },
      { heading: gettext('Last published by'), cell: (row) => ({ text: row.last_published_by ?? '' }) },
      { heading: gettext('Type'), cell: (row) => ({ text: pageTypeLabel(row.page_type) }) },
    ],
    exportColumns: [
      { heading: gettext('Title'), cell: (row) => row.title },
      { heading: gettext('Status'), cell: (row, { now }) => pageStatus(row, now) },
      { heading: gettext('Last published at'), cell: (row) => row.last_published_at },
      { heading: gettext('Last published by'), cell: (row) => row.last_published_by },
      { heading: gettext('Type'), cell: (row) => pageTypeLabel(row.page_type) },
    ],
    emptyMessage: gettext('No pages found.'),
  };
}
