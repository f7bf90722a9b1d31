/**
 * One snippet model's area (Wagtail's SnippetViewSet): its listing (title search, 20 a page),
 * add, edit, copy, delete (usage first), usage and history, at
 * /wagtail/snippets/{app_label}/{model_name}/, each checking the model's object permission.
 */
import type { Router } from 'express';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { CreateSnippetAction, DeleteSnippetAction, EditSnippetAction, snippetRefusal } from '../actions/manage-snippets';
import { MODEL_POLICIES } from '../models/permission-policies';
import { SNIPPET_NAMING, type SnippetFields, type SnippetModel } from '../models/snippets/registry';
import { getSnippet, listSnippets, type SnippetObject } from '../models/snippets/store';
import { problemsFromError } from '../forms/problems';
import { modelViewSetRouter } from './generic/viewset';
import { usageView } from './media-admin';
import { anyPermissionRefusal, capitalised, INDEX_URL, LIST_PAGE_SIZE, listQuery, listUrl } from './snippets-addresses';
import { snippetFormView } from './snippets-form-view';
import { emptyFormValues, objectFormValues, readSnippetForm, type SnippetFormProblems } from './snippets-forms';
import { snippetHistoryEntries } from './snippets-history';
import type { AdminContext } from './types';

/** The router of one snippet model's screens. */
export function snippetViewSetRouter<M extends SnippetModel>(context: AdminContext, model: M): Router {
  const { db, clock } = context;
  const naming = SNIPPET_NAMING[model];
  const verbose = () => gettext(naming.verboseName);
  const plural = () => capitalised(gettext(naming.verboseNamePlural));
  const trail = (object: SnippetObject<M>) => [{ label: gettext('Snippets'), url: INDEX_URL }, { label: plural(), url: listUrl(model) }, { label: object.title }];
  const formView = snippetFormView(context, model);
  return modelViewSetRouter<SnippetObject<M>, SnippetFields<M>, SnippetFormProblems, { q: string }, { id: number; title: string }>(context, {
    prefix: listUrl(model).slice('/wagtail'.length),
    activeNav: 'snippets',
    urls: { edit: 'edit/:pk/', delete: 'delete/:pk/' },
    load: (id) => getSnippet(db, model, id),
    notFound: `There is no ${naming.verboseName} with this id.`,
    refusal: ({ perms }, action) => snippetRefusal(perms, model, action),
    listing: {
      refusal: (request) => anyPermissionRefusal(request, model),
      query: ({ req }) => ({ q: listQuery.parse({ q: req.query.q ?? '', p: req.query.p }).q }),
      pageSize: LIST_PAGE_SIZE,
      rows: (_request, { q }, slice) => listSnippets(db, model, { text: q, ...slice! }),
      view: ({ perms }, { query, rows, total, pagination }) => ({
        template: 'snippets-list',
        context: {
          title: plural(),
          breadcrumbs: [{ label: gettext('Snippets'), url: INDEX_URL }, { label: plural() }],
          listUrl: listUrl(model),
          addLabel: interpolate('Add {model}', { model: verbose() }),
          q: query.q,
          total,
          rows: rows.map((row) => ({ ...row, editUrl: `${listUrl(model)}edit/${row.id}/` })),
          canAdd: MODEL_POLICIES[model].userHasPermission(perms, 'add'),
          canChange: MODEL_POLICIES[model].userHasPermission(perms, 'change'),
          canDelete: MODEL_POLICIES[model].userHasPermission(perms, 'delete'),
          pagination,
        },
      }),
    },
    form: {
      initial: (_request, object) => ({ values: object ? objectFormValues(model, object) : emptyFormValues(model), errors: {}, formErrors: [], streamErrors: {} }),
      read: ({ req }) => readSnippetForm(model, req.body),
      refused: (_request, error, fields) => ({ ...problemsFromError(error, objectFormValues(model, { id: 0, title: '', fields })), streamErrors: {} }),
      view: formView,
      create: {
        run: ({ perms }, fields) => new CreateSnippetAction(db, { model, fields }, perms, { now: clock() }).execute(),
        message: (saved) => interpolate("{model} '{title}' created.", { model: capitalised(verbose()), title: saved.title }),
      },
      edit: {
        run: ({ perms }, object, fields) => new EditSnippetAction(db, { model, object }, perms, { fields, now: clock() }).execute(),
        message: (saved) => interpolate("{model} '{title}' updated.", { model: capitalised(verbose()), title: saved.title }),
      },
    },
    delete: {
      view: async (_request, object) => {
        const usage = await usageView(db, model, object.id);
        const referenced = ngettext('This {model} is referenced {count} time.', 'This {model} is referenced {count} times.', usage.usageCount).replace('{model}', verbose());
        return {
          template: 'snippets-delete',
          context: {
            title: interpolate('Delete {model}', { model: verbose() }),
            subtitle: object.title,
            breadcrumbs: trail(object),
            question: interpolate('Are you sure you want to delete this {model}?', { model: verbose() }),
            usageSummary: usage.usageCount > 0 ? referenced : '',
            usageUrl: `${listUrl(model)}usage/${object.id}/`,
            cancelUrl: `${listUrl(model)}edit/${object.id}/`,
            ...usage,
          },
        };
      },
      run: async ({ perms }, object) => void (await new DeleteSnippetAction(db, { model, object }, perms).execute()),
      message: (object) => interpolate("{model} '{title}' deleted.", { model: capitalised(verbose()), title: object.title }),
    },
    usage: {
      refusal: (request) => anyPermissionRefusal(request, model),
      view: async (_request, object) => ({
        template: 'snippets-usage',
        context: {
          title: interpolate('Usage of {title}', { title: object.title }),
          breadcrumbs: trail(object),
          backUrl: `${listUrl(model)}edit/${object.id}/`,
          ...(await usageView(db, model, object.id)),
        },
      }),
    },
    copy: true,
    history: {
      refusal: (request) => anyPermissionRefusal(request, model),
      view: async (_request, object) => ({
        template: 'snippets-history',
        context: {
          title: interpolate('History of {title}', { title: object.title }),
          breadcrumbs: trail(object),
          backUrl: `${listUrl(model)}edit/${object.id}/`,
          entries: await snippetHistoryEntries(db, model, object.id),
        },
      }),
    },
  });
}
