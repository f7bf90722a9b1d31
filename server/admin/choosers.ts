import { Router } from 'express';
import { z } from 'zod';
import { databaseId } from '../db/database-id';
import { CHOOSER_TARGETS, SNIPPET_CHOOSER_TARGETS, type ChooserResponse } from '../../admin-client/streamfield/schemas';
import { PermissionDenied } from '../errors';
import { chooserAnswer, type MediaChooserTarget } from './chooser-data';
import { pageChooserRouter } from './page-chooser';
import { snippetChooserRouter } from './snippets-chooser';
import { STREAMFIELD_CHOOSER_URLS } from './streamfield-config';
import type { AdminContext } from './types';

const chooserQuery = z.object({
  q: z.string().max(200).catch(''),
  p: z.coerce.number().int().min(1).max(10_000).catch(1),
  collection_id: databaseId.optional().catch(undefined),
});

/** Where the admin router is mounted; the chooser URLs are absolute. */
const ADMIN_PREFIX = '/wagtail';

const MEDIA_TARGETS = CHOOSER_TARGETS.filter((target): target is MediaChooserTarget => target !== 'page' && !(SNIPPET_CHOOSER_TARGETS as readonly string[]).includes(target));

/**
 * The StreamField editor's chooser URLs: the snippet choosers (snippets.ts), the media choosers (`?q=` searches titles, `?p=`
 * pages, `?collection_id=` narrows to one collection) and the page chooser (page-chooser.ts). JSON for signed-in admin users, 403 JSON for
 * everybody else (a fetch cannot follow a login redirect usefully).
 */
export function choosersRouter({ db, storage }: AdminContext): Router {
  const router = Router();
  router.use(pageChooserRouter({ db }));
  router.use(snippetChooserRouter({ db }));
  for (const target of MEDIA_TARGETS) {
    router.get(STREAMFIELD_CHOOSER_URLS[target].slice(ADMIN_PREFIX.length), async (req, res) => {
      const perms = res.locals.adminPerms;
      if (!perms?.canAccessAdmin) throw new PermissionDenied(perms ? 'You do not have permission to access the admin.' : 'Sign in to the admin first.');
      const query = chooserQuery.parse({ q: req.query.q ?? '', p: req.query.p, collection_id: req.query.collection_id || undefined });
      const body: ChooserResponse = await chooserAnswer(db, storage, perms, target, { text: query.q, page: query.p, collectionId: query.collection_id });
      res.set('Cache-Control', 'private, no-store').json(body);
    });
  }
  return router;
}
