import { Router, type Request, type Response } from 'express';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { DeleteFormSubmissionsAction } from '../actions/delete-form-submissions';
import { NotFoundError, PermissionDenied, ValidationError } from '../errors';
import { getFormPage, listFormPages, submissionsByIds } from '../models/form-submission-listing';
import { canSeeSubmissions } from '../models/reports-scope';
import { PAGE_TYPES } from '../pagetypes';
import { permsOf } from './access';
import { adminTimeZone } from './date-format';
import { databaseId } from '../db/database-id';
import { formValues } from '../forms/posted';
import { submissionSources } from './forms-submissions-sources';
import { flash } from './render';
import type { FilterErrors } from './generic/listing';
import { pageNumber, paginate } from './generic/paginator';
import { dayRange, queryText, readDay } from './reports/listing';
import { datedFilename, exportFormatOf, exportLinks, sendSpreadsheet } from './spreadsheet-export';
import type { AdminContext } from './types';

/** The listing's address ordered another way, its filters kept and back on the first page. */
function orderLink(req: Request, orderBy: string): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'date_from', 'date_to']) {
    const value = queryText(req, name, 100);
    if (value) params.set(name, value);
  }
  params.set('order_by', orderBy);
  return `?${params.toString()}`;
}

/** Form pages a page of the forms index (Wagtail's FormPagesListView.paginate_by). */
const FORMS_PAGE_SIZE = 20;
/** Submissions a page (Wagtail's SubmissionsListView.paginate_by). */
const SUBMISSIONS_PAGE_SIZE = 20;

const submissionsUrl = (pageId: number) => `/wagtail/forms/submissions/${pageId}/`;

/**
 * /wagtail/forms/ as Wagtail's wagtail.contrib.forms: the form pages the user may change with
 * their submission counts, each page's submissions (date range, search, pages, CSV and XLSX
 * export, per-row and multiple delete through a confirmation). The email signup page's
 * submissions are the signup list's signups and unsubscribes, kept in the subscriber tables.
 */
export function formsSubmissionsRouter({ db, admin, clock }: AdminContext): Router {
  const router = Router();
  const sources = submissionSources(db);

  /** The form page of the address, for a user who may see its submissions (404, else 403). */
  async function loadFormPage(req: Request, res: Response) {
    const id = databaseId.safeParse(req.params.pageId);
    const page = id.success ? await getFormPage(db, id.data) : undefined;
    if (!page) throw new NotFoundError('There is no form page with this id.');
    if (!canSeeSubmissions(permsOf(res), page)) throw new PermissionDenied('You do not have permission to see the submissions of this form.');
    return page;
  }

  router.get('/forms/', async (req, res) => {
    const perms = permsOf(res);
    const current = pageNumber.parse(req.query.p);
    const { rows, total } = await listFormPages(db, perms, (current - 1) * FORMS_PAGE_SIZE, FORMS_PAGE_SIZE);
    admin.render(req, res, 'forms-index', {
      title: gettext('Forms'),
      activeNav: 'forms',
      forms: rows.map((row) => ({ ...row, origin: gettext(PAGE_TYPES[row.page_type]?.label ?? row.page_type), url: submissionsUrl(row.id) })),
      total,
      pagination: paginate(req, current, total, FORMS_PAGE_SIZE),
    });
  });

  router.get('/forms/submissions/:pageId/', async (req, res) => {
    const page = await loadFormPage(req, res);
    const source = sources[page.page_type];
    const errors: FilterErrors = {};
    const fromDay = readDay(req, 'date_from', errors);
    const toDay = readDay(req, 'date_to', errors);
    const q = queryText(req, 'q', 100);
    const filter = { ...dayRange(fromDay, toDay, adminTimeZone(res)), q };
    const format = exportFormatOf(req);
    if (format) {
      return sendSpreadsheet(res, format, {
        filename: datedFilename(`${page.slug}-export`, clock(), adminTimeZone(res)),
        headings: source.headings,
        rows: source.exportRows(page.id, filter),
      });
    }
    const current = pageNumber.parse(req.query.p);
    // Wagtail's order_by: newest first unless asked otherwise; an unknown ordering is ignored.
    const ascending = queryText(req, 'order_by') === 'submit_time';
    const [total, rows] = await Promise.all([
      source.count(page.id, filter),
      source.rows(page.id, filter, ascending ? 'asc' : 'desc', (current - 1) * SUBMISSIONS_PAGE_SIZE, SUBMISSIONS_PAGE_SIZE),
    ]);
    admin.render(
      req,
      res,
      'forms-submissions',
      {
        title: interpolate('Submissions of {title}', { title: page.title }),
        activeNav: 'forms',
        page,
        headings: source.headings.slice(1),
        dateHeading: { label: source.headings[0], sort: ascending ? 'ascending' : 'descending', url: orderLink(req, ascending ? '-submit_time' : 'submit_time') },
        rows: rows.map((row) => ({ ...row, cells: row.values.map((value, index) => ({ label: source.headings[index + 1], value, long: value.length > 40 })) })),
        canDelete: source.canDelete,
        note: source.note,
        total,
        emptyMessage:
          fromDay || toDay || q ? gettext('No submissions match these filters.') : interpolate("There have been no submissions of the '{title}' form.", { title: page.title }),
        filters: {
          action: submissionsUrl(page.id),
          fields: [
            { name: 'q', type: 'search', label: gettext('Search'), value: q },
            { name: 'date_from', type: 'date', label: gettext('Date from'), value: fromDay ?? queryText(req, 'date_from', 40), errors: errors.date_from },
            { name: 'date_to', type: 'date', label: gettext('Date to'), value: toDay ?? queryText(req, 'date_to', 40), errors: errors.date_to },
          ],
        },
        exportLinks: exportLinks(req),
        pagination: paginate(req, current, total, SUBMISSIONS_PAGE_SIZE),
        breadcrumbs: [{ url: '/wagtail/forms/', label: gettext('Forms') }, { label: page.title }],
      },
      Object.keys(errors).length ? 400 : 200,
    );
  });

  /** The page's contact messages named by `?selected-submissions=` (Wagtail's multi-delete address). */
  async function selectedSubmissions(req: Request, pageId: number) {
    const ids = formValues(req.query['selected-submissions']).flatMap((value) => {
      const id = databaseId.safeParse(value);
      return id.success ? [id.data] : [];
    });
    const submissions = await submissionsByIds(db, pageId, ids.slice(0, 1000));
    if (submissions.length === 0) throw new ValidationError('Select the submissions to delete.');
    return submissions;
  }

  /** Deleting applies to contact messages only: the signup list keeps unsubscribes so they are never mailed again. */
  async function loadDeletable(req: Request, res: Response) {
    const page = await loadFormPage(req, res);
    if (!sources[page.page_type].canDelete) throw new PermissionDenied('Signups and unsubscribes cannot be deleted: the list keeps who asked not to be mailed.');
    return page;
  }

  router.get('/forms/submissions/:pageId/delete/', async (req, res) => {
    const page = await loadDeletable(req, res);
    const submissions = await selectedSubmissions(req, page.id);
    admin.render(req, res, 'forms-delete', {
      title: gettext('Delete form data'),
      subtitle: page.title,
      activeNav: 'forms',
      question: ngettext('Are you sure you want to delete this form submission?', 'Are you sure you want to delete these form submissions?', submissions.length),
      submissions,
      cancelUrl: submissionsUrl(page.id),
    });
  });

  router.post('/forms/submissions/:pageId/delete/', async (req, res) => {
    const page = await loadDeletable(req, res);
    const selected = await selectedSubmissions(req, page.id);
    const deleted = await new DeleteFormSubmissionsAction(db, page, permsOf(res), { ids: selected.map((submission) => submission.id) }).execute();
    flash(req, 'success', ngettext('One submission has been deleted.', '{count} submissions have been deleted.', deleted.length));
    res.redirect(303, submissionsUrl(page.id));
  });

  return router;
}
