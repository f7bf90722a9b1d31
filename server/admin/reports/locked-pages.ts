import { gettext } from '../../../client/lib/i18n';
import { countLockedPages, listLockedPages, lockingUsers, type LockedPageRow, type LockedPagesFilter } from '../../models/reports-locked-pages';
import { canSeeLockedPages } from '../../models/reports-scope';
import type { Db } from '../../db/database';
import { booleanFilter, dateRangeFilter, readId, selectOptions } from './listing';
import { pageEditUrl, pageStatus, pageTypeLabel } from './page-columns';
import type { ReportDefinition } from './report-view';

/** Wagtail's LockedPagesView: locked pages the user may change or locked themselves, with who locked them and when. */
export function lockedPagesReport(db: Db): ReportDefinition<LockedPageRow, LockedPagesFilter> {
  return {
    activeNav: 'report-locked',
    path: '/reports/locked/',
    title: gettext('Locked pages'),
    filename: 'locked-pages-report',
    allowed: canSeeLockedPages,
    async readFilter({ req, timeZone }, errors) {
      const users = await lockingUsers(db);
      const lockedBy = readId(
        req,
        'locked_by',
        users.map((user) => user.id),
        errors,
      );
      const lockedAt = dateRangeFilter(req, 'locked_at', gettext('Locked at'), errors, timeZone);
      const live = booleanFilter(req, 'live', gettext('Live'), errors);
      return {
        filter: { lockedBy, ...lockedAt.range, live: live.value },
        fields: [
          {
            name: 'locked_by',
            label: gettext('Locked by'),
            type: 'select',
            emptyLabel: gettext('Anyone'),
            options: selectOptions(
              users.map((user) => ({ value: user.id, label: user.username })),
              lockedBy,
            ),
            errors: errors.locked_by,
          },
          ...lockedAt.fields,
          live.field,
        ],
      };
    },
    list: ({ perms }, filter, slice) => listLockedPages(db, perms, filter, slice),
    count: ({ perms }, filter) => countLockedPages(db, perms, filter),
    columns: [
      { heading: gettext('Title'), cell: (row) => ({ text: row.title, url: pageEditUrl(row.id) }) },
      { heading: gettext('Updated'), cell: (row) => ({ date: row.latest_revision_created_at }) },
      { heading: gettext('Status'), cell: (row, { now }) => ({ text: pageStatus(row, now) }) },
      { heading: gettext('Type'), cell: (row) => ({ text: pageTypeLabel(row.page_type) }) },
      { heading: gettext('Locked at'), cell: (row) => ({ date: row.locked_at }) },
      { heading: gettext('Locked by'), cell: (row) => ({ text: row.locked_by_username ?? '' }) },
    ],
    exportColumns: [
      { heading: gettext('Title'), cell: (row) => row.title },
      { heading: gettext('Updated'), cell: (row) => row.latest_revision_created_at },
      { heading: gettext('Status'), cell: (row, { now }) => pageStatus(row, now) },
      { heading: gettext('Type'), cell: (row) => pageTypeLabel(row.page_type) },
      { heading: gettext('Locked at'), cell: (row) => row.locked_at },
      { heading: gettext('Locked by'), cell: (row) => row.locked_by_username },
    ],
    emptyMessage: gettext('No locked pages found.'),
  };
}
