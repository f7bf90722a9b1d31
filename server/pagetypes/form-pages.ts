import type { PickedLocation } from '../../client/components/forms/LocationPicker';
import type { Page } from '../db/schema';
import { getLocation } from '../models/locations';
import { findLiveDescendantOfType } from '../models/pages';
import { resolvePageUrl } from '../blocks/references';
import type { CaptchaProvider } from '../captcha/provider';
import { pageUrlWithinSite } from '../site-chrome';
import type { PageTypeContext } from './types';

/** The query parameter of the page address a successful post redirects to when it has no landing page. */
export const SUBMITTED_PARAM = 'submitted';

/** Raised when a page with a form is rendered without the captcha its form needs (a wiring mistake). */
export class MissingCaptchaError extends Error {
  override name = 'MissingCaptchaError';
}

/** The captcha of the context, which every page with a form needs. */
export function requireCaptcha(context: PageTypeContext): CaptchaProvider {
  if (!context.captcha) throw new MissingCaptchaError('Pages with a visitor form need a captcha provider in their context');
  return context.captcha;
}

/** True on the address a successful post without a landing page redirects to. */
export function showsSubmitted(context: PageTypeContext): boolean {
  return context.query[SUBMITTED_PARAM] === '1';
}

/**
 * Where a visitor goes after a successful post (Post/Redirect/Get): the landing page the editor
 * chose, else the page's first live landing page child, else the page itself marked submitted.
 */
export async function landingUrlFor(context: PageTypeContext, page: Page, landingPageId: number | null, landingType: string): Promise<string> {
  const chosen = await resolvePageUrl(context, landingPageId);
  if (chosen) return chosen;
  const child = await findLiveDescendantOfType(context.db, page, landingType);
  if (child && child.depth === page.depth + 1) return pageUrlWithinSite(child, context.siteRoot);
  return `${pageUrlWithinSite(page, context.siteRoot)}?${SUBMITTED_PARAM}=1`;
}

/** The restaurant a posted form names, for the location picker to show as chosen; null if none or unknown. */
export async function pickedLocation(context: PageTypeContext, rlidText: string | undefined): Promise<PickedLocation | null> {
  if (!rlidText || !/^\d{1,9}$/.test(rlidText)) return null;
  const location = await getLocation(context.db, Number(rlidText), context.now);
  return location ? { rlid: location.rlid, address1: location.address1, city: location.city, state: location.state, zip: location.zip } : null;
}
