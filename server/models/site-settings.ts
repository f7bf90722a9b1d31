import { z } from 'zod';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { headerContentSchema } from './chrome-content';

/** Brand and contact settings of a site, edited in the back office. */
export const siteSettingsSchema = z.object({
  brandName: z.string().trim().min(1).max(80),
  tagline: z.string().trim().max(200),
  nationalPhone: z.string().trim().min(7).max(40),
  /** When Guest Relations answers the phone, as a phrase that follows the number ('every day from ...'). */
  guestRelationsHours: z.string().trim().min(1).max(120),
  /** How many guests the restaurants' private dining rooms seat, smallest to largest. */
  privateDiningGuests: z
    .object({ min: z.number().int().min(1).max(500), max: z.number().int().min(1).max(500) })
    .refine((guests) => guests.min <= guests.max, 'the smallest party cannot be larger than the largest'),
  /** A path on this site: '//host' and '/\host' would lead visitors to another site. */
  accountLoginUrl: z
    .string()
    .trim()
    .regex(/^\/(?![/\\])/, 'must be a path on this site, starting with a single /'),
  /** Where security researchers write (security.txt Contact). */
  securityContact: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address'),
  /** Navigation of the new header; the legacy header is used while this is null. */
  header: headerContentSchema.nullable(),
  /** Whether the site shows the new header (with `header`); null follows the OLO_NEW_HEADER environment flag. */
  useNewHeader: z.boolean().nullable(),
  /** Where the locations map opens for a visitor who neither searched, shared a position nor chose a restaurant. */
  mapDefaultCenter: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
});

/** A site's settings. */
export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** What a new site starts with: the demo brand. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  brandName: 'Red Harbor',
  tagline: 'Fresh seafood, harbor-side hospitality since 1978.',
  nationalPhone: '1-800-555-0142',
  guestRelationsHours: 'every day from 9 a.m. to 10 p.m. Eastern',
  privateDiningGuests: { min: 15, max: 40 },
  accountLoginUrl: '/account/login?returnUrl=/',
  securityContact: 'mailto:security@redharbor.example',
  header: null,
  useNewHeader: null,
  // The middle of the contiguous United States, where the demo chain's restaurants spread from.
  mapDefaultCenter: { lat: 39.83, lng: -98.58 },
};

/**
 * Whether the site shows the new header: its own switch once an editor has set it, else the
 * environment's OLO_NEW_HEADER flag (the default of every site that never set it).
 */
export function usesNewHeader(settings: Pick<SiteSettings, 'useNewHeader'>, environmentDefault: boolean): boolean {
  return settings.useNewHeader ?? environmentDefault;
}

/**
 * The site's settings. A stored field that is missing or invalid is replaced by its default,
 * and logged when invalid, so one bad value never takes the site down.
 */
export async function getSiteSettings(db: Db, siteId: number, logger?: Logger): Promise<SiteSettings> {
  const row = await db.selectFrom('site_settings').select('value').where('site_id', '=', siteId).executeTakeFirst();
  const stored: Record<string, unknown> = row?.value ?? {};
  const settings: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const key of Object.keys(siteSettingsSchema.shape) as Array<keyof SiteSettings>) {
    if (stored[key] === undefined) continue;
    const field = siteSettingsSchema.shape[key].safeParse(stored[key]);
    if (field.success) settings[key] = field.data;
    else logger?.warn({ siteId, setting: key }, 'Invalid stored site setting replaced by its default');
  }
  return settings as SiteSettings;
}

/** Stores a site's settings after validating them; throws a ZodError on bad values. */
export async function saveSiteSettings(db: Db, siteId: number, settings: SiteSettings): Promise<SiteSettings> {
  const value = JSON.stringify(siteSettingsSchema.parse(settings));
  await db
    .insertInto('site_settings')
    .values({ site_id: siteId, value })
    .onConflict((oc) => oc.column('site_id').doUpdateSet({ value }))
    .execute();
  return JSON.parse(value) as SiteSettings;
}
