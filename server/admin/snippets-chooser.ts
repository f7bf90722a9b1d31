import { Router } from 'express';
import type { ChooserResponse } from '../../admin-client/streamfield/schemas';
import { PermissionDenied } from '../errors';
import { listSnippets } from '../models/snippets/store';
import { listQuery, modelOf } from './snippets-addresses';
import type { AdminContext } from './types';

/** Objects a chooser page offers. */
const CHOOSER_PAGE_SIZE = 30;

/**
 * The snippet chooser the StreamField editor opens, `/wagtail/snippets/choose/{app_label}/{model_name}/`
 * (`?q=` searches titles, `?p=` pages): JSON of the model's objects for any admin user, as the
 * page chooser (choosing a snippet changes nothing), and 403 JSON to everybody else, as the media
 * choosers answer a fetch that cannot follow a login redirect. Mounted with those choosers.
 */
export function snippetChooserRouter({ db }: Pick<AdminContext, 'db'>): Router {
  const router = Router();
  router.get('/snippets/choose/:appLabel/:modelName/', async (req, res) => {
    const perms = res.locals.adminPerms;
    if (!perms?.canAccessAdmin) throw new PermissionDenied(perms ? 'You do not have permission to access the admin.' : 'Sign in to the admin first.');
    const model = modelOf(req);
    const query = listQuery.parse({ q: req.query.q ?? '', p: req.query.p });
    const { rows, total } = await listSnippets(db, model, { text: query.q, offset: (query.p - 1) * CHOOSER_PAGE_SIZE, limit: CHOOSER_PAGE_SIZE });
    const body: ChooserResponse = {
      results: rows,
      page: query.p,
      num_pages: Math.ceil(total / CHOOSER_PAGE_SIZE),
      can_choose: true,
      collections: [],
      can_upload: false,
      upload_collections: [],
    };
    res.set('Cache-Control', 'private, no-store').json(body);
  });
  return router;
}
