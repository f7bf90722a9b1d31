import { Router } from 'express';
import { gettext } from '../../client/lib/i18n';
import { PermissionDenied } from '../errors';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { MODEL_POLICIES } from '../models/permission-policies';
import { SNIPPET_MODEL_NAMES, SNIPPET_NAMING } from '../models/snippets/registry';
import { snippetCounts } from '../models/snippets/store';
import { permsOf } from './access';
import { capitalised, listUrl, modelOf } from './snippets-addresses';
import { snippetViewSetRouter } from './snippets-viewset';
import type { AdminContext } from './types';

/**
 * /wagtail/snippets/ as Wagtail's snippets app: the index of models with their counts, and per
 * model its area (snippets-viewset.ts). An address naming no snippet model is a 404.
 */
export function snippetsRouter(context: AdminContext): Router {
  const { db, admin } = context;
  const router = Router();

  router.get('/snippets/', async (req, res) => {
    const perms = permsOf(res);
    const models = SNIPPET_MODEL_NAMES.filter((model) => MODEL_POLICIES[model].userHasAnyPermission(perms, OBJECT_PERMISSIONS));
    if (models.length === 0) throw new PermissionDenied('You do not have permission to access snippets.');
    const counts = await snippetCounts(db, models);
    const rows = models.map((model) => ({ name: capitalised(gettext(SNIPPET_NAMING[model].verboseNamePlural)), url: listUrl(model), count: counts.get(model) ?? 0 }));
    admin.render(req, res, 'snippets-index', { title: gettext('Snippets'), activeNav: 'snippets', rows });
  });

  router.use('/snippets/:appLabel/:modelName/', (req, _res, next) => {
    modelOf(req);
    next();
  });
  for (const model of SNIPPET_MODEL_NAMES) router.use(snippetViewSetRouter(context, model));
  return router;
}
