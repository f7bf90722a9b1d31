import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { importRedirects, importSummary, requireRedirectPermission, type ImportRedirectsResult } from '../actions/manage-redirects';
import { NotFoundError } from '../errors';
import { megabytes } from '../models/images';
import { deletePendingImport, getPendingImport, savePendingImport, type PendingImport } from '../models/redirects';
import { listSites } from '../models/sites';
import { readSpreadsheet } from '../spreadsheets/read-spreadsheet';
import { SpreadsheetError } from '../spreadsheets/spreadsheet-error';
import { spreadsheetLimitsOf } from '../spreadsheets/spreadsheet-limits';
import { permsOf } from './access';
import { addProblem, emptyProblems, parseForm, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { uploadedFile } from './media-admin';
import { flash } from './render';
import type { AdminContext } from './types';
import { formBody } from '../forms/posted';

const IMPORT_URL = '/wagtail/redirects/import/';

/** Largest spreadsheet of redirects accepted, below the uploads' own limit: it is held whole in memory. */
export const MAX_REDIRECT_IMPORT_BYTES = 10_000_000;

/** Rows the confirmation shows before the import. */
const PREVIEW_ROWS = 10;

/** A column chosen by its index; the empty '---' choice is no choice. */
const columnIndex = (message: string) => z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number({ error: message }).int().min(0, message));

/** The confirmation: which column is which, the site and whether the redirects are permanent. */
const confirmForm = z
  .object({
    import_id: z.uuid(),
    from_index: columnIndex('Choose the column with the paths to redirect from.'),
    to_index: columnIndex('Choose the column with where they redirect to.'),
    site: z.union([z.literal(''), databaseId]).catch(''),
    permanent: z.string().optional(),
  })
  .refine((value) => value.from_index !== value.to_index, { path: ['to_index'], message: 'Choose two different columns: one to redirect from, one to redirect to.' });

/**
 * /wagtail/redirects/import/ as Wagtail's: upload a CSV, TSV or XLSX file (read by content),
 * confirm with a preview of its first rows, the column mapping, the site and permanence, then
 * import/process/ creates the good rows and reports the refused ones with their reasons.
 */
export function redirectsImportRouter({ db, admin, clock, config }: AdminContext): Router {
  const router = Router();
  const limits = spreadsheetLimitsOf(config);
  router.use('/redirects/import/', (_req, res, next) => {
    requireRedirectPermission(permsOf(res), 'add');
    next();
  });

  function renderChoose(req: Request, res: Response, form: FormProblems, status = 200) {
    admin.render(
      req,
      res,
      'redirects-import',
      {
        title: gettext('Import redirects'),
        activeNav: 'redirects',
        breadcrumbs: [{ label: gettext('Redirects'), url: '/wagtail/redirects/' }, { label: gettext('Import redirects') }],
        form,
        maxSize: megabytes(MAX_REDIRECT_IMPORT_BYTES),
      },
      status,
    );
  }

  async function renderConfirm(req: Request, res: Response, pending: PendingImport, form: FormProblems, status = 200) {
    const sites = (await listSites(db)).map((site) => ({ id: site.id, label: site.site_name || site.hostname, selected: String(site.id) === String(form.values.site ?? '') }));
    const columns = (chosen: unknown) =>
      pending.headers.map((header, index) => ({ index, label: header || interpolate('Column {number}', { number: index + 1 }), selected: String(index) === String(chosen ?? '') }));
    admin.render(
      req,
      res,
      'redirects-import-confirm',
      {
        title: gettext('Import redirects'),
        subtitle: gettext('Confirm import'),
        activeNav: 'redirects',
        breadcrumbs: [{ label: gettext('Redirects'), url: '/wagtail/redirects/' }, { label: gettext('Import redirects'), url: IMPORT_URL }, { label: gettext('Confirm import') }],
        form,
        importId: pending.id,
        filename: pending.filename,
        fromColumns: columns(form.values.from_index),
        toColumns: columns(form.values.to_index),
        sites,
        permanent: form.values.permanent !== undefined,
        headers: pending.headers,
        preview: pending.rows.slice(0, PREVIEW_ROWS),
        previewSummary: ngettext('Showing the first {shown} of {count} row.', 'Showing the first {shown} of {count} rows.', pending.rows.length, {
          shown: Math.min(PREVIEW_ROWS, pending.rows.length),
        }),
      },
      status,
    );
  }

  function renderSummary(req: Request, res: Response, result: ImportRedirectsResult) {
    admin.render(req, res, 'redirects-import-summary', {
      title: gettext('Import redirects'),
      subtitle: gettext('Summary'),
      activeNav: 'redirects',
      breadcrumbs: [{ label: gettext('Redirects'), url: '/wagtail/redirects/' }, { label: gettext('Import redirects'), url: IMPORT_URL }, { label: gettext('Summary') }],
      summary: importSummary(result),
      refusedCount: ngettext('Found {count} error', 'Found {count} errors', result.refused.length),
      refused: result.refused,
    });
  }

  router.get('/redirects/import/', (req, res) => renderChoose(req, res, emptyProblems({})));

  router.post('/redirects/import/', async (req, res) => {
    const file = uploadedFile(req, 'import_file');
    const refuse = (message: string) => {
      const problems = emptyProblems({});
      addProblem(problems, 'import_file', message);
      renderChoose(req, res, problems, 400);
    };
    if (!file) return refuse(gettext('Choose a file to import.'));
    if (file.bytes.length > MAX_REDIRECT_IMPORT_BYTES) {
      return refuse(
        interpolate('{filename} is {size}; files of redirects can be at most {limit}.', {
          filename: file.filename,
          size: megabytes(file.bytes.length),
          limit: megabytes(MAX_REDIRECT_IMPORT_BYTES),
        }),
      );
    }
    let dataset;
    try {
      dataset = await readSpreadsheet(file.bytes, limits);
    } catch (error) {
      if (!(error instanceof SpreadsheetError)) throw error;
      return refuse(error.message);
    }
    if (dataset.headers.length < 2) return refuse(gettext('The file needs at least two columns: one with the paths to redirect from and one with where they go.'));
    const pending: PendingImport = { id: randomUUID(), filename: file.filename, headers: dataset.headers, rows: dataset.rows };
    await savePendingImport(db, permsOf(res).user.id, pending, clock());
    await renderConfirm(req, res, pending, emptyProblems({ permanent: 'on', site: '' }));
  });

  router.post('/redirects/import/process/', async (req, res) => {
    const form = parseForm(confirmForm, req.body);
    const { import_id: posted } = formBody(req);
    const importId = typeof posted === 'string' ? posted : '';
    const pending = z.uuid().safeParse(importId).success ? await getPendingImport(db, permsOf(res).user.id, importId) : undefined;
    if (!pending) throw new NotFoundError(gettext('This import has already run or has expired. Upload the file again.'));
    if (!form.ok) {
      for (const field of Object.keys(form.errors)) form.errors[field] = form.errors[field]!.map((message) => gettext(message));
      form.formErrors = form.formErrors.map((message) => gettext(message));
      return renderConfirm(req, res, pending, form, 400);
    }
    const { from_index: fromIndex, to_index: toIndex } = form.data;
    if (fromIndex >= pending.headers.length || toIndex >= pending.headers.length) {
      const problems = emptyProblems({ ...(req.body as Record<string, unknown>) });
      addProblem(problems, 'from_index', gettext('Choose columns the file has.'));
      return renderConfirm(req, res, pending, problems, 400);
    }
    const result = await importRedirects(db, permsOf(res), pending.rows, {
      fromIndex,
      toIndex,
      siteId: form.data.site === '' ? null : form.data.site,
      isPermanent: form.data.permanent !== undefined,
    });
    await deletePendingImport(db, pending.id);
    if (result.refused.length > 0) return renderSummary(req, res, result);
    flash(req, 'success', ngettext('Imported {count} redirect', 'Imported {count} redirects', result.total));
    res.redirect(303, '/wagtail/redirects/');
  });

  return router;
}
