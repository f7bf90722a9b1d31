/**
 * Mounts the editors of a page type's own fields in the page edit form: each field drawn by
 * the StreamField editor's field editors (choosers, rich text, dates, lists, structs) in its
 * `[data-page-field]` place, writing its form value into the form's hidden input on every
 * change and firing the debounced `streamfield:change` event autosave listens to.
 */
import { registerCatalog } from '../../client/lib/i18n';
import { randomUuid } from '../../client/lib/random-id';
import { createAnnouncer } from './announcer';
import { createBlockMenu } from './block-menu';
import { createChooserModal } from './chooser-modal';
import { Scope } from './dom';
import type { EditorContext, ValueCursor } from './editor-context';
import { renderField } from './field-editors';
import { encodeFieldValue } from './form-values';
import { CHANGE_EVENT, CHANGE_EVENT_DELAY_MS } from './mount';
import type { FieldError, PageFieldsConfig } from './schemas';
import { StreamEditor } from './stream-editor';
import { definitionsByType, getAtPath, setAtPath, type PathStep } from './value-ops';

/** Raised when the form lacks the place or the input of a configured field. */
export class PageFieldsMountError extends Error {
  override name = 'PageFieldsMountError';
}

/** Renders every configured field inside `form`; returns a function that unmounts them. */
export function mountPageFields(form: HTMLElement, config: PageFieldsConfig): () => void {
  if (config.catalog) registerCatalog(config.catalog);
  const scope = new Scope();
  const announcer = createAnnouncer();
  const chooser = createChooserModal();
  const context: EditorContext = {
    definitions: config.definitions,
    byType: definitionsByType(config.definitions),
    choosers: config.choosers,
    referenceTitles: new Map(Object.entries(config.reference_titles)),
    announcer,
    menu: createBlockMenu(config.definitions),
    chooser,
    makeId: () => randomUuid(),
    errors: {},
    createStream: (initial, onChange, parentScope) => new StreamEditor(context, initial, onChange, parentScope),
  };
  form.append(announcer.element, chooser.element);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<string, () => void>();
  const dispatch = () => {
    clearTimeout(timer);
    for (const fire of pending.values()) fire();
    pending.clear();
  };

  for (const field of config.fields) {
    const place = [...form.querySelectorAll<HTMLElement>('[data-page-field]')].find((element) => element.dataset.pageField === field.name);
    const input = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].find((element) => element.name === field.name);
    if (!place || !input) throw new PageFieldsMountError(`The form has no place or input for the field ${field.name}.`);
    let value = field.value;
    let pendingErrors: FieldError[] = [...field.errors];
    const changed = () => {
      input.value = encodeFieldValue(field.node, value);
      pending.set(field.name, () => place.dispatchEvent(new CustomEvent(CHANGE_EVENT, { bubbles: true, detail: { name: field.name, value } })));
      clearTimeout(timer);
      timer = setTimeout(dispatch, CHANGE_EVENT_DELAY_MS);
    };
    const cursor = (path: readonly PathStep[]): ValueCursor => ({
      path,
      read: () => getAtPath(value, path),
      write: (next) => {
        value = setAtPath(value, path, next);
        changed();
      },
      updateBlock: (change) => {
        value = change(value);
        changed();
      },
      at: (step) => cursor([...path, step]),
      takeErrors: () => {
        const key = JSON.stringify(path);
        const taken = pendingErrors.filter((error) => JSON.stringify(error.path) === key);
        pendingErrors = pendingErrors.filter((error) => !taken.includes(error));
        return taken.map((error) => error.message);
      },
    });
    place.replaceChildren(renderField(field.node, cursor([]), context, scope));
    place.classList.add('sf-editor', 'sf-page-field');
  }
  // Closing the tab must not swallow the last edits: autosave hears them at once.
  window.addEventListener('pagehide', dispatch);
  return () => {
    window.removeEventListener('pagehide', dispatch);
    clearTimeout(timer);
    context.menu.close(false);
    scope.dispose();
  };
}
