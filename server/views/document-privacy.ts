import { Router, type Request, type Response, type RequestHandler } from 'express';
import { z } from 'zod';
import { databaseId } from '../db/database-id';
import { gettext } from '../../client/lib/i18n';
import { checkRestrictionPassword, clientIp, loginFailureLimits } from '../auth';
import type { CsrfProtection } from '../csrf';
import type { Document } from '../db/schema';
import type { Db } from '../db/database';
import { PermissionDenied } from '../errors';
import { collectionPasswordAttemptKeys } from '../models/login-throttle';
import { firstUnmetRestriction, getCollectionRestriction, restrictionsForCollection, viewerMembership, type ViewerState } from '../models/view-restrictions';
import type { PageResponder, PublicViewOptions } from './page-response';
import { passwordFormPosting, safeLocalUrl, TOO_MANY_PASSWORDS, WRONG_PASSWORD } from './restricted-pages';
import { resolveRequestSite } from './site-request';
import { onlyUnder } from './route-paths';

const passwordForm = z.object({ password: z.string().max(255).default(''), return_url: z.string().optional() });

/** Wagtail's address of a collection's password form. */
function passwordFormUrl(restrictionId: number, returnUrl: string): string {
  return `/documents/authenticate_with_password/${restrictionId}/?return_url=${encodeURIComponent(returnUrl)}`;
}

/**
 * Applies the privacy of a document's collection (and its ancestors'), as Wagtail's document
 * serve view: a restricted document is sent privately; a visitor who has not met a restriction
 * is sent to sign in, to the password form, or refused when signed in but not in the allowed
 * groups. Answers 'refused' when the response was sent, else whether the document may be
 * cached by anyone ('public') or only by this visitor ('private').
 */
export async function documentAccess(db: Db, req: Request, res: Response, document: Pick<Document, 'collection_id'>): Promise<'refused' | 'private' | 'public'> {
  const restrictions = await restrictionsForCollection(db, document.collection_id);
  if (restrictions.length === 0) return 'public';
  res.set('Cache-Control', 'private, no-store');
  const userId = req.session?.userId;
  const needsGroups = userId !== undefined && restrictions.some((restriction) => restriction.restriction_type === 'groups');
  const viewer: ViewerState = {
    userId,
    passedViewRestrictions: req.session?.passedCollectionViewRestrictions,
    ...(needsGroups ? await viewerMembership(db, userId) : {}),
  };
  const unmet = firstUnmetRestriction(restrictions, viewer);
  if (!unmet) return 'private';
  if (unmet.restriction_type !== 'password' && userId !== undefined) throw new PermissionDenied('This document is only for members of some groups.');
  const target = unmet.restriction_type === 'password' ? passwordFormUrl(unmet.id, req.originalUrl) : `/_util/login/?next=${encodeURIComponent(req.originalUrl)}`;
  res.redirect(302, target);
  return 'refused';
}

/** /documents/authenticate_with_password/{restriction}/: the password form of a private collection's documents. */
export function documentPrivacyRouter({ db, config, csrf }: PublicViewOptions & { csrf: CsrfProtection }, responder: PageResponder): RequestHandler {
  const router = Router();
  const paths = ['/documents/authenticate_with_password/:restrictionId/', '/documents/authenticate_with_password/:restrictionId'];

  async function loadRestriction(req: Request) {
    const id = databaseId.safeParse(req.params.restrictionId);
    const restriction = id.success ? await getCollectionRestriction(db, id.data) : undefined;
    return restriction?.restriction_type === 'password' ? restriction : undefined;
  }

  router.get(paths, async (req, res) => {
    const [restriction, site] = await Promise.all([loadRestriction(req), resolveRequestSite(db, req)]);
    if (!restriction) return responder.notFound(req, res, site);
    res.set('Cache-Control', 'private, no-store');
    await responder.send(req, res, site, passwordFormPosting(`/documents/authenticate_with_password/${restriction.id}/`, safeLocalUrl(req.query.return_url, '/'), null));
  });

  // Mounted before the app-wide CSRF check, so it checks the token itself.
  router.post(paths, csrf.middleware, async (req, res) => {
    const [restriction, site] = await Promise.all([loadRestriction(req), resolveRequestSite(db, req)]);
    if (!restriction) return responder.notFound(req, res, site);
    const form = passwordForm.safeParse(req.body ?? {});
    const returnUrl = safeLocalUrl(form.data?.return_url, '/');
    res.set('Cache-Control', 'private, no-store');
    const keys = collectionPasswordAttemptKeys(restriction.id, clientIp(req));
    const result = form.success ? await checkRestrictionPassword(db, restriction, keys, form.data.password, loginFailureLimits(config)) : undefined;
    if (!result?.ok) {
      const throttled = result?.reason === 'throttled';
      const error = gettext(throttled ? TOO_MANY_PASSWORDS : WRONG_PASSWORD);
      return responder.send(req, res, site, { ...passwordFormPosting(`/documents/authenticate_with_password/${restriction.id}/`, returnUrl, error), status: throttled ? 429 : 400 });
    }
    req.session.passedCollectionViewRestrictions = [...new Set([...(req.session.passedCollectionViewRestrictions ?? []), restriction.id])];
    res.redirect(303, returnUrl);
  });

  return onlyUnder(['/documents/authenticate_with_password/'], router);
}
