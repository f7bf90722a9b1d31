import { gettext } from '../../../client/lib/i18n';
import type { Db } from '../../db/database';
import { countSiteHistory, listSiteHistory, siteHistoryChoices, type SiteHistoryFilter, type SiteHistoryRow } from '../../models/reports-site-history';
import { canSeeSiteHistory } from '../../models/reports-scope';
import { actionLabel, objectTypeLabel } from './log-labels';
import { dateRangeFilter, queryText, readChoice, readId, selectOptions } from './listing';
import { pageEditUrl } from './page-columns';
import type { ReportDefinition } from './report-view';

/** The acting user as Wagtail's user_display_name shows them: full name, else username; the system when nobody acted. */
function userName(row: SiteHistoryRow): string {
  if (row.user_id === null) return gettext('system');
  if (row.username === null) return gettext('user (deleted)');
  return `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.username;
}

/** Wagtail's LogEntriesView ("Site history"): every audited action the user may read, newest first. */
export function siteHistoryReport(db: Db): ReportDefinition<SiteHistoryRow, SiteHistoryFilter> {
  return {
    activeNav: 'report-site-history',
    path: '/reports/site-history/',
    title: gettext('Site history'),
    filename: 'audit-log',
    allowed: canSeeSiteHistory,
    async readFilter({ req, perms, timeZone }, errors) {
      const choices = await siteHistoryChoices(db, perms);
      const objectType = readChoice(req, 'object_type', choices.objectTypes, errors);
      const label = queryText(req, 'label', 255);
      const action = readChoice(req, 'action', choices.actions, errors);
      const userId = readId(
        req,
        'user',
        choices.users.map((user) => user.id),
        errors,
      );
      const timestamp = dateRangeFilter(req, 'timestamp', gettext('Date'), errors, timeZone);
      return {
        filter: { objectType, label, action, userId, ...timestamp.range },
        fields: [
          {
            name: 'object_type',
            label: gettext('Type'),
            type: 'select',
            emptyLabel: gettext('All'),
            options: selectOptions(
              choices.objectTypes.map((type) => ({ value: type, label: objectTypeLabel(type) })),
              objectType,
            ),
            errors: errors.object_type,
          },
          { name: 'label', label: gettext('Name'), type: 'search', value: label },
          {
            name: 'action',
            label: gettext('Action'),
            type: 'select',
            emptyLabel: gettext('All'),
            options: selectOptions(
              choices.actions.map((code) => ({ value: code, label: actionLabel(code) })),
              action,
            ),
            errors: errors.action,
          },
          {
            name: 'user',
            label: gettext('User'),
            type: 'select',
            emptyLabel: gettext('All'),
            options: selectOptions(
              choices.users.map((user) => ({ value: user.id, label: user.username })),
              userId,
            ),
            errors: errors.user,
          },
          ...timestamp.fields,
        ],
      };
    },
    list: ({ perms }, filter, slice) => listSiteHistory(db, perms, filter, slice),
    count: ({ perms }, filter) => countSiteHistory(db, perms, filter),
    columns: [
      {
        heading: gettext('Name'),
        cell: (row) => (row.page_exists && row.page_id !== null && row.object_type === 'page' ? { text: row.label, url: pageEditUrl(row.page_id) } : { text: row.label }),
      },
      { heading: gettext('Type'), cell: (row) => ({ text: objectTypeLabel(row.object_type) }) },
      { heading: gettext('Action'), cell: (row) => ({ text: actionLabel(row.action) }) },
      { heading: gettext('User'), cell: (row) => ({ text: userName(row) }) },
      { heading: gettext('Date/Time'), cell: (row) => ({ date: row.created_at }) },
    ],
    exportColumns: [
      { heading: gettext('ID'), cell: (row) => row.object_id },
      { heading: gettext('Name'), cell: (row) => row.label },
      { heading: gettext('Type'), cell: (row) => objectTypeLabel(row.object_type) },
      { heading: gettext('Action type'), cell: (row) => actionLabel(row.action) },
      { heading: gettext('User'), cell: (row) => userName(row) },
      { heading: gettext('Date/Time'), cell: (row) => row.created_at },
    ],
    emptyMessage: gettext('No log entries found.'),
  };
}
