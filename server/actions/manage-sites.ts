import { interpolate } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { Site } from '../db/schema';
import { PermissionDenied, ValidationError } from '../errors';
import { getPage } from '../models/pages';
import type { UserPermissions } from '../models/permissions';
import { lockRowOrThrow } from '../models/row-locks';
import { createSite, getDefaultSite, removeSite, siteAddressTaken, updateSite, type SiteFields } from '../models/sites';
import { Action, CreateAction, type NoOptions } from './action';
import { MODEL_POLICIES } from '../models/permission-policies';

// Sites share one audit format and Wagtail's few rules.

/** Why a site's fields were refused, for the form to show beside that field: a catalog message, translated, with its placeholders filled. */
export class SiteFormError extends ValidationError {
  constructor(field: 'hostname' | 'port' | 'root_page' | 'is_default_site', template: string, params: Record<string, string> = {}) {
    super(interpolate(template, params), { field });
  }
}

/** How a site is named in messages and the audit log, as Wagtail's Site.__str__ without the default mark. */
export function siteLabel(site: Pick<Site, 'site_name' | 'hostname' | 'port'>): string {
  return site.site_name || `${site.hostname}${site.port === 80 ? '' : `:${site.port}`}`;
}

function ensureMay(actor: UserPermissions, permission: 'add' | 'change' | 'delete'): void {
  const refusals = { add: 'You do not have permission to add a site.', change: 'You do not have permission to change sites.', delete: 'You do not have permission to delete sites.' };
  if (!MODEL_POLICIES.site.userHasPermission(actor, permission)) throw new PermissionDenied(refusals[permission]);
}

/** Wagtail's rules: hostname and port unique together, one default site, a root page that exists (never the tree root). */
async function ensureFieldsAreValid(trx: Db, fields: SiteFields, exceptId?: number): Promise<void> {
  if (await siteAddressTaken(trx, fields.hostname, fields.port, exceptId)) throw new SiteFormError('hostname', 'Site with this hostname and port already exists.');
  const root = await getPage(trx, fields.rootPageId);
  if (!root || root.depth < 2) throw new SiteFormError('root_page', 'Choose a root page.');
  if (!fields.isDefault) return;
  const current = await getDefaultSite(trx);
  if (current && current.id !== exceptId) {
    throw new SiteFormError('is_default_site', '{hostname} is already configured as the default site. You must unset that before you can save this site as default.', {
      hostname: current.hostname,
    });
  }
}

/** Adds a site (the target is its fields). Audit 'site.create'. */
export class AddSiteAction extends CreateAction<SiteFields, Site> {
  protected checkAgainst(): void {
    ensureMay(this.actor, 'add');
  }

  protected async perform(trx: Db, fields: SiteFields): Promise<Site> {
    await ensureFieldsAreValid(trx, fields);
    const site = await createSite(trx, { hostname: fields.hostname, port: fields.port, siteName: fields.siteName, rootPageId: fields.rootPageId, isDefault: fields.isDefault });
    await this.audit(trx, { action: 'site.create', objectType: 'site', objectId: site.id, label: siteLabel(site), data: siteData(site) });
    return site;
  }
}

/** An action on a site, re-read under a row lock. */
export abstract class SiteAction<Result, Options = NoOptions> extends Action<Site, Result, Options> {
  protected lockTarget(trx: Db, site: Site): Promise<Site> {
    return lockRowOrThrow(trx, 'sites', site.id, 'There is no such site.');
  }
}

/** Changes a site's hostname, port, name, root page or default flag to the option's. Audit 'site.edit' with what changed. */
export class EditSiteAction extends SiteAction<Site, SiteFields> {
  protected checkAgainst(): void {
    ensureMay(this.actor, 'change');
  }

  protected async perform(trx: Db, site: Site): Promise<Site> {
    await ensureFieldsAreValid(trx, this.options, site.id);
    const updated = await updateSite(trx, site.id, this.options);
    const before = siteData(site);
    const after = siteData(updated);
    const changes = Object.fromEntries(
      (Object.keys(after) as Array<keyof typeof after>).filter((key) => before[key] !== after[key]).map((key) => [key, { before: before[key], after: after[key] }]),
    );
    await this.audit(trx, { action: 'site.edit', objectType: 'site', objectId: site.id, label: siteLabel(updated), data: changes });
    return updated;
  }
}

/** Deletes a site and its settings. Audit 'site.delete'. */
export class DeleteSiteAction extends SiteAction<void> {
  protected checkAgainst(): void {
    ensureMay(this.actor, 'delete');
  }

  protected async perform(trx: Db, site: Site): Promise<void> {
    await removeSite(trx, site.id);
    await this.audit(trx, { action: 'site.delete', objectType: 'site', objectId: site.id, label: siteLabel(site), data: siteData(site) });
  }
}

function siteData(site: Site) {
  return { hostname: site.hostname, port: site.port, site_name: site.site_name, root_page_id: site.root_page_id, is_default_site: site.is_default_site };
}
