/** How a snippet model's add and edit form is drawn: its text, page and StreamField fields, each with its problems. */
import { gettext, interpolate } from '../../client/lib/i18n';
import { MODEL_POLICIES } from '../models/permission-policies';
import { SNIPPET_NAMING, type SnippetModel } from '../models/snippets/registry';
import type { SnippetObject } from '../models/snippets/store';
import { serializeForScript } from '../render';
import { referenceTitles } from './chooser-data';
import { pageSelectOptions } from './generic/select-options';
import type { View, ViewRequest } from './generic/view';
import { capitalised, INDEX_URL, listUrl } from './snippets-addresses';
import { SNIPPET_FORM_FIELDS, type SnippetFormProblems } from './snippets-forms';
import { loadStreamFieldManifest } from './streamfield-assets';
import { streamFieldConfig } from './streamfield-config';
import type { AdminContext } from './types';

/** The form view of one model, the StreamField editor's assets read once. */
export function snippetFormView({ db, storage }: Pick<AdminContext, 'db' | 'storage'>, model: SnippetModel) {
  const editorAssets = loadStreamFieldManifest();
  const naming = SNIPPET_NAMING[model];
  const streams = SNIPPET_FORM_FIELDS[model].filter((field) => field.kind === 'stream');
  const hasPages = SNIPPET_FORM_FIELDS[model].some((field) => field.kind === 'page');

  return async function snippetForm({ perms }: ViewRequest, object: SnippetObject | undefined, form: SnippetFormProblems): Promise<View> {
    const titles =
      streams.length > 0
        ? await referenceTitles(
            db,
            storage,
            streams.map((field) => form.values[field.name] as never),
          )
        : {};
    const pageOptions = hasPages ? await pageSelectOptions(db) : [];
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
          ? serializeForScript(streamFieldConfig({ name: field.name, value: form.values[field.name] as never, referenceTitles: titles, errors: form.streamErrors[field.name] ?? {} }))
          : undefined,
    }));
    const verbose = gettext(naming.verboseName);
    const base = listUrl(model);
    return {
      template: 'snippets-edit',
      context: {
        title: object ? interpolate('Editing {model}: {title}', { model: verbose, title: object.title }) : interpolate('New {model}', { model: verbose }),
        legend: capitalised(verbose),
        breadcrumbs: [
          { label: gettext('Snippets'), url: INDEX_URL },
          { label: capitalised(gettext(naming.verboseNamePlural)), url: base },
          { label: object ? object.title : interpolate('New {model}', { model: verbose }) },
        ],
        form,
        fields,
        editorAssets: streams.length > 0 ? editorAssets : null,
        action: object ? `${base}edit/${object.id}/` : `${base}add/`,
        object,
        objectUrls: object
          ? { history: `${base}history/${object.id}/`, usage: `${base}usage/${object.id}/`, copy: `${base}copy/${object.id}/`, delete: `${base}delete/${object.id}/` }
          : null,
        canCopy: object !== undefined && MODEL_POLICIES[model].userHasPermission(perms, 'add'),
        canDelete: object !== undefined && MODEL_POLICIES[model].userHasPermission(perms, 'delete'),
        cancelUrl: base,
      },
    };
  };
}
