import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { databaseId } from '../db/database-id';
import { gettext } from '../../client/lib/i18n';
import type { Page, PageViewRestriction } from '../db/schema';
import { authenticate, checkRestrictionPassword, clientIp, loginFailureLimits, startUserSession } from '../auth';
import type { CsrfProtection } from '../csrf';
import { pagePasswordAttemptKeys } from '../models/login-throttle';
import { getPage } from '../models/pages';
import { restrictionForPage } from '../models/view-restrictions';
import type { PageResponder, PageResponse, PublicViewOptions } from './page-response';
import { resolveRequestSite } from './site-request';
import { onlyUnder } from './route-paths';

/**
 * A redirect target that stays on this site: a path, never '//host', a scheme, a backslash
 * (browsers read '/\host' as '//host') or a control character (they drop tabs and newlines).
 */
export function safeLocalUrl(candidate: unknown, fallback: string): string {
  return typeof candidate === 'string' && /^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/.test(candidate) ? candidate : fallback;
}

/** The password form in place of a protected page. */
export function passwordFormResponse(restriction: PageViewRestriction, page: Page, returnUrl: string, error: string | null): PageResponse {
  return passwordFormPosting(`/_util/authenticate_with_password/${restriction.id}/${page.id}/`, returnUrl, error);
}

/** The password form of any view restriction, posting to `action`. */
export function passwordFormPosting(action: string, returnUrl: string, error: string | null): PageResponse {
  const title = gettext('Password required');
  return { template: 'password required', props: { action, returnUrl, error }, head: { title, robots: 'noindex' } };
}

const passwordForm = z.object({ password: z.string().max(255).default(''), return_url: z.string().optional() });
const loginForm = z.object({ username: z.string().max(150).default(''), password: z.string().max(1024).default(''), next: z.string().optional() });

/** Shown when a page's or collection's password is wrong. */
export const WRONG_PASSWORD = 'The password you have entered is not correct. Please try again.';
/** Shown while a page's or collection's password is locked out after repeated failures. */
export const TOO_MANY_PASSWORDS = 'Too many wrong passwords have been tried. Please wait a few minutes and try again.';
/** Shown while the account or address is locked out after repeated failures. */
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
export const WRONG_LOGIN = 'Please enter a correct username and password. Note that both fields may be case-sensitive.';

/**
 * /_util/authenticate_with_password/{restriction}/{page}/ checks a page password and remembers
 * it in the session; /_util/login/ signs in for pages restricted to signed-in users.
 */
export function restrictedPagesRouter({ db, config, csrf }: PublicViewOptions & { csrf: CsrfProtection }, responder: PageResponder): RequestHandler {
  const router = Router();
  const passwordPaths = ['/_util/authenticate_with_password/:restrictionId/:pageId/', '/_util/authenticate_with_password/:restrictionId/:pageId'];

  async function loadTarget(req: Request) {
    const restrictionId = databaseId.safeParse(req.params.restrictionId);
    const pageId = databaseId.safeParse(req.params.pageId);
    const page = restrictionId.success && pageId.success ? await getPage(db, pageId.data) : undefined;
    const restriction = page && (await restrictionForPage(db, restrictionId.data!, page));
    return page && restriction?.restriction_type === 'password' ? { page, restriction } : undefined;
  }

  router.get(passwordPaths, async (req, res) => {
    const target = await loadTarget(req);
    const site = await resolveRequestSite(db, req);
    if (!target) return responder.notFound(req, res, site);
    res.set('Cache-Control', 'private, no-store');
    const returnUrl = safeLocalUrl(req.query.return_url, '/');
    await responder.send(req, res, site, passwordFormResponse(target.restriction, target.page, returnUrl, null));
  });

  router.post(passwordPaths, async (req, res) => {
    const target = await loadTarget(req);
    const site = await resolveRequestSite(db, req);
    if (!target) return responder.notFound(req, res, site);
    const form = passwordForm.safeParse(req.body ?? {});
    const returnUrl = safeLocalUrl(form.data?.return_url, '/');
    res.set('Cache-Control', 'private, no-store');
    const result = form.success
      ? await checkRestrictionPassword(db, target.restriction, pagePasswordAttemptKeys(target.restriction.id, clientIp(req)), form.data.password, loginFailureLimits(config))
      : undefined;
    if (!result?.ok) {
      const throttled = result?.reason === 'throttled';
      const error = gettext(throttled ? TOO_MANY_PASSWORDS : WRONG_PASSWORD);
      return responder.send(req, res, site, { ...passwordFormResponse(target.restriction, target.page, returnUrl, error), status: throttled ? 429 : 400 });
    }
    const passed = new Set(req.session.passedViewRestrictions ?? []);
    passed.add(target.restriction.id);
    req.session.passedViewRestrictions = [...passed];
    res.redirect(303, returnUrl);
  });

  router.get(['/_util/login/', '/_util/login'], async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    const title = gettext('Sign in to continue');
    await responder.send(req, res, await resolveRequestSite(db, req), {
      template: 'login',
      props: { next: safeLocalUrl(req.query.next, '/'), error: null, username: '' },
      head: { title, robots: 'noindex' },
    });
  });

  router.post(['/_util/login/', '/_util/login'], async (req, res) => {
    const form = loginForm.safeParse(req.body ?? {});
    const next = safeLocalUrl(form.data?.next, '/');
    const result = form.success ? await authenticate(db, form.data.username, form.data.password, clientIp(req), loginFailureLimits(config)) : undefined;
    res.set('Cache-Control', 'private, no-store');
    if (!result?.ok) {
      const title = gettext('Sign in to continue');
      const error = result?.reason === 'throttled' ? gettext(TOO_MANY_ATTEMPTS) : gettext(WRONG_LOGIN);
      return responder.send(req, res, await resolveRequestSite(db, req), {
        template: 'login',
        props: { next, error, username: form.data?.username ?? '' },
        head: { title, robots: 'noindex' },
        status: result?.reason === 'throttled' ? 429 : 400,
      });
    }
    await startUserSession(db, csrf, req, res, result.user);
    res.redirect(303, next);
  });

  return onlyUnder(['/_util/'], router);
}
