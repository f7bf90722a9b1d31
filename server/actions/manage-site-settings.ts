import type { Db } from '../db/database';
import type { Site } from '../db/schema';
import { PermissionDenied } from '../errors';
import { getSiteSettings, saveSiteSettings, type SiteSettings } from '../models/site-settings';
import { SiteAction, siteLabel } from './manage-sites';
import { MODEL_POLICIES } from '../models/permission-policies';

/**
 * Replaces a site's settings with the option's (validated by siteSettingsSchema; a ZodError
 * means bad values). Needs 'change' on site settings. Audit 'site_settings.edit' naming each
 * setting that changed, with before and after. Nothing caches settings: every render reads
 * them, so the site shows the change with the next request.
 */
export class EditSiteSettingsAction extends SiteAction<SiteSettings, SiteSettings> {
  protected checkAgainst(): void {
    if (!MODEL_POLICIES.site_settings.userHasPermission(this.actor, 'change')) throw new PermissionDenied('You do not have permission to change site settings.');
  }

  protected async perform(trx: Db, site: Site): Promise<SiteSettings> {
    const before = await getSiteSettings(trx, site.id);
    const saved = await saveSiteSettings(trx, site.id, this.options);
    const changes = Object.fromEntries(
      (Object.keys(saved) as Array<keyof SiteSettings>)
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(saved[key]))
        .map((key) => [key, { before: before[key], after: saved[key] }]),
    );
    await this.audit(trx, { action: 'site_settings.edit', objectType: 'site_settings', objectId: site.id, label: siteLabel(site), data: changes });
    return saved;
  }
}
