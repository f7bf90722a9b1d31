import { z } from 'zod';
import { databaseId } from '../db/database-id';
import { gettext, interpolate } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { Redirect } from '../db/schema';
import { PermissionDenied, ValidationError } from '../errors';
import { getPage, isUniqueViolation } from '../models/pages';
import type { UserPermissions } from '../models/permissions';
import { findRedirectFor, insertRedirect, normaliseRedirectPath, removeRedirect, updateRedirect, type RedirectInput } from '../models/redirects';
import { lockRowOrThrow } from '../models/row-locks';
import { getSite, isSiteHostname, siteForPage } from '../models/sites';
import { pageUrlWithinSite } from '../site-chrome';
import { Action, CreateAction, type NoOptions } from './action';
import { MODEL_POLICIES } from '../models/permission-policies';

// Redirect changes share one audit format and one set of rules.

/** A chosen row's id, or null when none is chosen or the value is not an id. */
const optionalRowId = z.union([z.literal('').transform(() => null), databaseId]).catch(null);

/** The fields of a redirect a form or an import row gives, checked and turned into values. */
export const redirectFields = z
  .object({
    old_path: z
      .string()
      .trim()
      .min(1, 'Enter the path to redirect from.')
      .refine((value) => value === '' || value.startsWith('/'), 'The path to redirect from must start with a /, as /menu/.')
      .transform(normaliseRedirectPath)
      .refine((value) => value.length <= 255, 'The path to redirect from can be at most 255 characters.'),
    site: optionalRowId,
    is_permanent: z.boolean(),
    redirect_page: optionalRowId,
    redirect_link: z
      .string()
      .trim()
      .max(255, 'The link can be at most 255 characters.')
      .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\/[^\s/]+/i.test(value), 'Enter a full address (https://…) or a path on this site starting with /.')
      .refine((value) => !/\s/.test(value), 'A link cannot contain spaces.'),
  })
  .superRefine((value, ctx) => {
    if (value.redirect_page === null && value.redirect_link === '') ctx.addIssue({ code: 'custom', path: ['redirect_link'], message: 'Choose a page or enter a link to redirect to.' });
    if (value.redirect_page !== null && value.redirect_link !== '') ctx.addIssue({ code: 'custom', path: ['redirect_link'], message: 'Choose either a page or a link, not both.' });
  })
  .transform((value): RedirectInput => ({
    oldPath: value.old_path,
    siteId: value.site,
    isPermanent: value.is_permanent,
    redirectPageId: value.redirect_page,
    redirectLink: value.redirect_link,
  }));

/** Why a redirect was refused, for the form to show beside that field. */
export class RedirectFormError extends ValidationError {
  constructor(field: 'old_path' | 'site' | 'redirect_page' | 'redirect_link', message: string) {
    super(message, { field });
  }
}

/** Throws PermissionDenied unless the user may add, change or delete redirects. */
export function requireRedirectPermission(actor: UserPermissions, permission: 'add' | 'change' | 'delete'): void {
  if (!MODEL_POLICIES.redirect.userHasPermission(actor, permission)) throw new PermissionDenied(gettext('You do not have permission to do this to redirects.'));
}

/** The refusals every saved redirect passes: a known site and page, a free path, not itself. */
async function ensureRedirectIsValid(trx: Db, input: RedirectInput, exceptId?: number): Promise<void> {
  const site = input.siteId === null ? undefined : await getSite(trx, input.siteId);
  if (input.siteId !== null && !site) throw new RedirectFormError('site', gettext('Choose a site from the list.'));
  if (await findRedirectFor(trx, input.oldPath, input.siteId, exceptId)) throw new RedirectFormError('old_path', gettext('A redirect with this path already exists.'));
  if (await pointsToItself(trx, input, site?.hostname)) {
    throw new RedirectFormError(
      input.redirectPageId === null ? 'redirect_link' : 'redirect_page',
      gettext('A redirect cannot point to itself: it would send visitors round in a loop.'),
    );
  }
}

// RFC 93 of Wagtail: a redirect whose target is its own old path loops forever.
async function pointsToItself(trx: Db, input: RedirectInput, siteHostname: string | undefined): Promise<boolean> {
  if (input.redirectPageId !== null) {
    const page = await getPage(trx, input.redirectPageId);
    if (!page) throw new RedirectFormError('redirect_page', gettext('The chosen page no longer exists.'));
    const pageSite = await siteForPage(trx, page);
    if (!pageSite || (input.siteId !== null && pageSite.site.id !== input.siteId)) return false;
    return normaliseRedirectPath(pageUrlWithinSite(page, pageSite.root)) === input.oldPath;
  }
  if (input.redirectLink.startsWith('/')) return normaliseRedirectPath(input.redirectLink) === input.oldPath;
  const host = new URL(input.redirectLink).hostname;
  const sameHost = siteHostname !== undefined ? host === siteHostname : await isSiteHostname(trx, host);
  return sameHost && normaliseRedirectPath(input.redirectLink) === input.oldPath;
}

/** A save that lost a race with another saving the same path and site is refused as a duplicate. */
async function refuseDuplicate(save: Promise<Redirect>): Promise<Redirect> {
  try {
    return await save;
  } catch (error) {
    if (isUniqueViolation(error)) throw new RedirectFormError('old_path', gettext('A redirect with this path already exists.'));
    throw error;
  }
}

/** What the audit entry records of a redirect. */
function auditData(redirect: Redirect) {
  return { site_id: redirect.site_id, is_permanent: redirect.is_permanent, redirect_page_id: redirect.redirect_page_id, redirect_link: redirect.redirect_link };
}

/** Adds a redirect (the target is its fields). Audit 'redirect.create'. */
export class CreateRedirectAction extends CreateAction<RedirectInput, Redirect> {
  protected checkAgainst(): void {
    requireRedirectPermission(this.actor, 'add');
  }

  protected async perform(trx: Db, input: RedirectInput): Promise<Redirect> {
    await ensureRedirectIsValid(trx, input);
    const redirect = await refuseDuplicate(insertRedirect(trx, input));
    await this.audit(trx, { action: 'redirect.create', objectType: 'redirect', objectId: redirect.id, label: redirect.old_path, data: auditData(redirect) });
    return redirect;
  }
}

/** An action on a redirect, re-read under a row lock. */
abstract class RedirectAction<Result, Options = NoOptions> extends Action<Redirect, Result, Options> {
  protected lockTarget(trx: Db, redirect: Redirect): Promise<Redirect> {
    return lockRowOrThrow(trx, 'redirects', redirect.id, 'There is no such redirect.');
  }
}

/** Changes a redirect to the option's fields. Audit 'redirect.edit' with the values before and after. */
export class EditRedirectAction extends RedirectAction<Redirect, RedirectInput> {
  protected checkAgainst(): void {
    requireRedirectPermission(this.actor, 'change');
  }

  protected async perform(trx: Db, redirect: Redirect): Promise<Redirect> {
    await ensureRedirectIsValid(trx, this.options, redirect.id);
    const updated = await refuseDuplicate(updateRedirect(trx, redirect.id, this.options));
    await this.audit(trx, {
      action: 'redirect.edit',
      objectType: 'redirect',
      objectId: updated.id,
      label: updated.old_path,
      data: { before: { old_path: redirect.old_path, ...auditData(redirect) }, after: { old_path: updated.old_path, ...auditData(updated) } },
    });
    return updated;
  }
}

/** Deletes a redirect. Audit 'redirect.delete'. */
export class DeleteRedirectAction extends RedirectAction<void> {
  protected checkAgainst(): void {
    requireRedirectPermission(this.actor, 'delete');
  }

  protected async perform(trx: Db, redirect: Redirect): Promise<void> {
    await removeRedirect(trx, redirect.id);
    await this.audit(trx, { action: 'redirect.delete', objectType: 'redirect', objectId: redirect.id, label: redirect.old_path, data: auditData(redirect) });
  }
}

/** How the rows of an import become redirects: which column is which, and for which site. */
export interface ImportRedirectsOptions {
  fromIndex: number;
  toIndex: number;
  siteId: number | null;
  isPermanent: boolean;
}

/** One refused row of an import: its row number in the file (the header is row 1) and why. */
export interface RefusedRow {
  row: number;
  from: string;
  to: string;
  reason: string;
}

/** What an import did: every row is counted, the refused ones listed. */
export interface ImportRedirectsResult {
  total: number;
  created: number;
  refused: RefusedRow[];
}

/**
 * Imports spreadsheet rows as redirects to links, as Wagtail's create_redirects_from_dataset:
 * each row is checked like the add form and saved in its own transaction (audited
 * 'redirect.create'), so good rows land and refused ones are reported with the reason.
 */
export async function importRedirects(db: Db, actor: UserPermissions, rows: readonly string[][], options: ImportRedirectsOptions): Promise<ImportRedirectsResult> {
  requireRedirectPermission(actor, 'add');
  const result: ImportRedirectsResult = { total: rows.length, created: 0, refused: [] };
  for (const [index, row] of rows.entries()) {
    const from = row[options.fromIndex] ?? '';
    const to = row[options.toIndex] ?? '';
    const refuse = (reason: string) => result.refused.push({ row: index + 2, from, to, reason });
    const parsed = redirectFields.safeParse({ old_path: from, site: options.siteId ?? '', is_permanent: options.isPermanent, redirect_page: '', redirect_link: to });
    if (!parsed.success) {
      refuse(parsed.error.issues.map((issue) => gettext(issue.message)).join(' '));
      continue;
    }
    try {
      await new CreateRedirectAction(db, parsed.data, actor).execute();
      result.created += 1;
    } catch (error) {
      if (!(error instanceof RedirectFormError)) throw error;
      refuse(error.message);
    }
  }
  return result;
}

/** The summary line of an import, as Wagtail's import summary says it. */
export function importSummary(result: ImportRedirectsResult): string {
  return interpolate('Found {total} redirects, created {created} and found {errors} errors.', { total: result.total, created: result.created, errors: result.refused.length });
}
