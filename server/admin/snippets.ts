import { Router, type Request, type Response } from 'express';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { CreateSnippetAction, DeleteSnippetAction, EditSnippetAction, ensureSnippetPermission, SnippetFormError } from '../actions/manage-snippets';
import { NotFoundError, PermissionDenied } from '../errors';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { SNIPPET_MODEL_NAMES, SNIPPET_NAMING, type SnippetFields, type SnippetModel } from '../models/snippets/registry';
import { getSnippet, listSnippets, snippetCounts, type SnippetObject } from '../models/snippets/store';
import { serializeForScript } from '../render';
import { permsOf } from './access';
import { referenceTitles } from './chooser-data';
import { capitalised, ensureAnyPermission, INDEX_URL, LIST_PAGE_SIZE, listQuery, listUrl, modelOf } from './snippets-addresses';
import { problemsFromError } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { pageSelectOptions } from './generic/select-options';
import { usageView } from './media-admin';
import { flash } from './render';
import { emptyFormValues, objectFormValues, readSnippetForm, SNIPPET_FORM_FIELDS, type SnippetFormProblems } from './snippets-forms';
import { snippetHistoryEntries } from './snippets-history';
import { loadStreamFieldManifest } from './streamfield-assets';
import { streamFieldConfig } from './streamfield-config';
import type { AdminContext } from './types';
import { MODEL_POLICIES } from '../models/permission-policies';

/**
 * /wagtail/snippets/ as Wagtail's snippets app: the index of models with their counts, and per
 * model the listing (search, pages), add, edit, copy, delete (usage first), usage and history.
 * Each model checks its object permissions.
 */
export function snippetsRouter({ db, admin, storage, clock }: AdminContext): Router {
  const router = Router();
  const editorAssets = loadStreamFieldManifest();
  const base = `/snippets/:appLabel/:modelName/`;

  async function loadObject<M extends SnippetModel>(req: Request, model: M): Promise<SnippetObject<M>> {
    const id = databaseId.safeParse(req.params.pk);
    const object = id.success ? await getSnippet(db, model, id.data) : undefined;
    if (!object) throw new NotFoundError(`There is no ${SNIPPET_NAMING[model].verboseName} with this id.`);
    return object;
  }

  router.get('/snippets/', async (req, res) => {
    const perms = permsOf(res);
    const models = SNIPPET_MODEL_NAMES.filter((model) => MODEL_POLICIES[model].userHasAnyPermission(perms, OBJECT_PERMISSIONS));
    if (models.length === 0) throw new PermissionDenied('You do not have permission to access snippets.');
    const counts = await snippetCounts(db, models);
    const rows = models.map((model) => ({ name: capitalised(gettext(SNIPPET_NAMING[model].verboseNamePlural)), url: listUrl(model), count: counts.get(model) ?? 0 }));
    admin.render(req, res, 'snippets-index', { title: gettext('Snippets'), activeNav: 'snippets', rows });
  });

  router.get(base, async (req, res) => {
    const model = modelOf(req);
    ensureAnyPermission(res, model);
    const perms = permsOf(res);
    const query = listQuery.parse({ q: req.query.q ?? '', p: req.query.p });
    const { rows, total } = await listSnippets(db, model, { text: query.q, offset: (query.p - 1) * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE });
    const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
    const pageLink = (page: number) => `?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), p: String(page) }).toString()}`;
    const plural = capitalised(gettext(SNIPPET_NAMING[model].verboseNamePlural));
    admin.render(req, res, 'snippets-list', {
      title: plural,
      activeNav: 'snippets',
      breadcrumbs: [{ label: gettext('Snippets'), url: INDEX_URL }, { label: plural }],
      listUrl: listUrl(model),
      addLabel: interpolate('Add {model}', { model: gettext(SNIPPET_NAMING[model].verboseName) }),
      q: query.q,
      total,
      rows: rows.map((row) => ({ ...row, editUrl: `${listUrl(model)}edit/${row.id}/` })),
      canAdd: MODEL_POLICIES[model].userHasPermission(perms, 'add'),
      canChange: MODEL_POLICIES[model].userHasPermission(perms, 'change'),
      canDelete: MODEL_POLICIES[model].userHasPermission(perms, 'delete'),
      pagination:
        pageCount > 1
          ? {
              previous: query.p > 1 ? pageLink(query.p - 1) : null,
              next: query.p < pageCount ? pageLink(query.p + 1) : null,
              summary: interpolate('Page {current} of {count}', { current: query.p, count: pageCount }),
            }
          : null,
    });
  });

  async function renderForm(
    req: Request,
    res: Response,
    model: SnippetModel,
    object: SnippetObject | undefined,
    form: Omit<SnippetFormProblems, 'streamErrors'> & { streamErrors?: SnippetFormProblems['streamErrors'] },
    status = 200,
  ) {
    const perms = permsOf(res);
    const naming = SNIPPET_NAMING[model];
    const streams = SNIPPET_FORM_FIELDS[model].filter((field) => field.kind === 'stream');
    const titles =
      streams.length > 0
        ? await referenceTitles(
            db,
            storage,
            streams.map((field) => form.values[field.name] as never),
          )
        : {};
    const pageOptions = SNIPPET_FORM_FIELDS[model].some((field) => field.kind === 'page') ? await pageSelectOptions(db) : [];
    const fields = SNIPPET_FORM_FIELDS[model].map((field) => ({
      ...field,
      label: gettext(field.label),
      help: field.help ? gettext(field.help) : undefined,
      value: form.values[field.name],
      errors: form.errors[field.name],
      isText: field.kind === 'text',
      isPage: field.kind === 'page',
      pages:
        field.kind === 'page'
          ? pageOptions.filter((option) => !option.label.startsWith('Root')).map((option) => ({ ...option, selected: String(option.id) === form.values[field.name] }))
          : [],
      jsonValue: field.kind === 'stream' ? JSON.stringify(form.values[field.name]) : undefined,
      editorConfig:
        field.kind === 'stream'
          ? serializeForScript(streamFieldConfig({ name: field.name, value: form.values[field.name] as never, referenceTitles: titles, errors: form.streamErrors?.[field.name] ?? {} }))
          : undefined,
    }));
    const verbose = gettext(naming.verboseName);
    const title = object ? interpolate('Editing {model}: {title}', { model: verbose, title: object.title }) : interpolate('New {model}', { model: verbose });
    admin.render(
      req,
      res,
      'snippets-edit',
      {
        title,
        legend: capitalised(verbose),
        activeNav: 'snippets',
        breadcrumbs: [
          { label: gettext('Snippets'), url: INDEX_URL },
          { label: capitalised(gettext(naming.verboseNamePlural)), url: listUrl(model) },
          { label: object ? object.title : interpolate('New {model}', { model: verbose }) },
        ],
        form,
        fields,
        editorAssets: streams.length > 0 ? editorAssets : null,
        action: object ? `${listUrl(model)}edit/${object.id}/` : `${listUrl(model)}add/`,
        object,
        objectUrls: object
          ? {
              history: `${listUrl(model)}history/${object.id}/`,
              usage: `${listUrl(model)}usage/${object.id}/`,
              copy: `${listUrl(model)}copy/${object.id}/`,
              delete: `${listUrl(model)}delete/${object.id}/`,
            }
          : null,
        canCopy: object !== undefined && MODEL_POLICIES[model].userHasPermission(perms, 'add'),
        canDelete: object !== undefined && MODEL_POLICIES[model].userHasPermission(perms, 'delete'),
        cancelUrl: listUrl(model),
      },
      status,
    );
  }

  /** Saves a read form, or shows it again (400) with its problems; a refused field is shown beside it. */
  async function saveForm<M extends SnippetModel>(
    req: Request,
    res: Response,
    model: M,
    object: SnippetObject<M> | undefined,
    save: (fields: SnippetFields<M>) => Promise<SnippetObject<M>>,
  ) {
    const form = readSnippetForm(model, req.body);
    if (!form.ok) return renderForm(req, res, model, object, form, 400);
    try {
      const saved = await save(form.data);
      const verbose = capitalised(gettext(SNIPPET_NAMING[model].verboseName));
      flash(req, 'success', interpolate(object ? "{model} '{title}' updated." : "{model} '{title}' created.", { model: verbose, title: saved.title }));
      res.redirect(303, listUrl(model));
    } catch (error) {
      if (!(error instanceof SnippetFormError)) throw error;
      return renderForm(req, res, model, object, { ...problemsFromError(error, objectFormValues(model, { id: 0, title: '', fields: form.data })), streamErrors: {} }, 400);
    }
  }

  router.get(`${base}add/`, async (req, res) => {
    const model = modelOf(req);
    ensureSnippetPermission(permsOf(res), model, 'add');
    await renderForm(req, res, model, undefined, { values: emptyFormValues(model), errors: {}, formErrors: [] });
  });

  router.post(`${base}add/`, async (req, res) => {
    const model = modelOf(req);
    ensureSnippetPermission(permsOf(res), model, 'add');
    await saveForm(req, res, model, undefined, (fields) => new CreateSnippetAction(db, { model, fields }, permsOf(res), { now: clock() }).execute());
  });

  // Wagtail's copy: the add form filled with the object's values; saving adds a new object.
  router.get(`${base}copy/:pk/`, async (req, res) => {
    const model = modelOf(req);
    ensureSnippetPermission(permsOf(res), model, 'add');
    const object = await loadObject(req, model);
    await renderForm(req, res, model, undefined, { values: objectFormValues(model, object), errors: {}, formErrors: [] });
  });

  router.get(`${base}edit/:pk/`, async (req, res) => {
    const model = modelOf(req);
    ensureSnippetPermission(permsOf(res), model, 'change');
    const object = await loadObject(req, model);
    await renderForm(req, res, model, object, { values: objectFormValues(model, object), errors: {}, formErrors: [] });
  });

  router.post(`${base}edit/:pk/`, async (req, res) => {
    const model = modelOf(req);
    ensureSnippetPermission(permsOf(res), model, 'change');
    const object = await loadObject(req, model);
    await saveForm(req, res, model, object, (fields) => new EditSnippetAction(db, { model, object }, permsOf(res), { fields, now: clock() }).execute());
  });

  /** A read-only screen about one snippet (usage, history): its model and object, and the screen's chrome. */
  async function aboutObject(req: Request, res: Response) {
    const model = modelOf(req);
    ensureAnyPermission(res, model);
    const object = await loadObject(req, model);
    const chrome = {
      activeNav: 'snippets',
      breadcrumbs: [
        { label: gettext('Snippets'), url: INDEX_URL },
        { label: capitalised(gettext(SNIPPET_NAMING[model].verboseNamePlural)), url: listUrl(model) },
        { label: object.title },
      ],
      backUrl: `${listUrl(model)}edit/${object.id}/`,
    };
    return { model, object, chrome };
  }

  router.get(`${base}usage/:pk/`, async (req, res) => {
    const { model, object, chrome } = await aboutObject(req, res);
    admin.render(req, res, 'snippets-usage', {
      title: interpolate('Usage of {title}', { title: object.title }),
      ...chrome,
      ...(await usageView(db, model, object.id)),
    });
  });

  router.get(`${base}history/:pk/`, async (req, res) => {
    const { model, object, chrome } = await aboutObject(req, res);
    admin.render(req, res, 'snippets-history', {
      title: interpolate('History of {title}', { title: object.title }),
      ...chrome,
      entries: await snippetHistoryEntries(db, model, object.id),
    });
  });

  async function renderDelete(req: Request, res: Response, model: SnippetModel, object: SnippetObject) {
    const usage = await usageView(db, model, object.id);
    admin.render(req, res, 'snippets-delete', {
      title: interpolate('Delete {model}', { model: gettext(SNIPPET_NAMING[model].verboseName) }),
      subtitle: object.title,
      activeNav: 'snippets',
      breadcrumbs: [
        { label: gettext('Snippets'), url: INDEX_URL },
        { label: capitalised(gettext(SNIPPET_NAMING[model].verboseNamePlural)), url: listUrl(model) },
        { label: object.title },
      ],
      question: interpolate('Are you sure you want to delete this {model}?', { model: gettext(SNIPPET_NAMING[model].verboseName) }),
      usageSummary:
        usage.usageCount > 0
          ? ngettext('This {model} is referenced {count} time.', 'This {model} is referenced {count} times.', usage.usageCount).replace(
              '{model}',
              gettext(SNIPPET_NAMING[model].verboseName),
            )
          : '',
      usageUrl: `${listUrl(model)}usage/${object.id}/`,
      cancelUrl: `${listUrl(model)}edit/${object.id}/`,
      ...usage,
    });
  }

  router.get(`${base}delete/:pk/`, async (req, res) => {
    const model = modelOf(req);
    ensureSnippetPermission(permsOf(res), model, 'delete');
    await renderDelete(req, res, model, await loadObject(req, model));
  });

  router.post(`${base}delete/:pk/`, async (req, res) => {
    const model = modelOf(req);
    ensureSnippetPermission(permsOf(res), model, 'delete');
    const object = await loadObject(req, model);
    await new DeleteSnippetAction(db, { model, object }, permsOf(res)).execute();
    flash(req, 'success', interpolate("{model} '{title}' deleted.", { model: capitalised(gettext(SNIPPET_NAMING[model].verboseName)), title: object.title }));
    res.redirect(303, listUrl(model));
  });

  return router;
}
