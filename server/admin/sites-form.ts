/** The site form (Wagtail's SiteForm): its fields, how a stored site fills it, and how a post becomes a site's fields. */
import { z } from 'zod';
import type { Site } from '../db/schema';
import { parseForm, type FormResult } from '../forms/problems';
import type { SiteFields } from '../models/sites';
import type { ViewRequest } from './generic/view';

const required = 'This field is required.';

/** Wagtail's site form: hostname, port, site name, root page and the default flag. */
const siteForm = z.object({
  hostname: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .max(255, 'The hostname can be at most 255 characters.')
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'Enter a hostname such as www.example.com, without http:// or a port.'),
  port: z
    .string()
    .trim()
    .min(1, required)
    .transform(Number)
    .pipe(z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(1, 'Enter a port from 1 to 65535.').max(65535, 'Enter a port from 1 to 65535.')),
  site_name: z.string().trim().max(255, 'The site name can be at most 255 characters.').default(''),
  root_page: z.string().min(1, 'Choose a root page.').transform(Number).pipe(z.number().int().positive('Choose a root page.')),
  is_default_site: z.literal('on').optional(),
});

/** The form's values of a stored site. */
export function siteValues(site: Site): Record<string, unknown> {
  return { hostname: site.hostname, port: String(site.port), site_name: site.site_name, root_page: String(site.root_page_id), is_default_site: site.is_default_site ? 'on' : undefined };
}

/** The site form read into a site's fields. */
export function readSiteForm({ req }: ViewRequest): FormResult<SiteFields> {
  const form = parseForm(siteForm, req.body);
  if (!form.ok) return form;
  const { hostname, port, site_name, root_page, is_default_site } = form.data;
  return { ok: true, data: { hostname, port, siteName: site_name, rootPageId: root_page, isDefault: is_default_site === 'on' } };
}
