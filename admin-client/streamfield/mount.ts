/**
 * Mounts a StreamField editor in a page: the editor, its hidden form input (rewritten on every
 * change, so a plain form POST carries the value) and a debounced `streamfield:change` event for
 * autosave.
 */
import { registerCatalog } from '../../client/lib/i18n';
import { randomUuid } from '../../client/lib/random-id';
import { createAnnouncer } from './announcer';
import { createBlockMenu } from './block-menu';
import { createChooserModal } from './chooser-modal';
import { h, Scope } from './dom';
import type { EditorContext } from './editor-context';
import type { StreamFieldConfig, StreamValue } from './schemas';
import { StreamEditor } from './stream-editor';
import { definitionsByType } from './value-ops';

/** How long typing must pause before `streamfield:change` fires. */
export const CHANGE_EVENT_DELAY_MS = 800;

/** The event an edit page listens to for autosave; `detail` carries the field name and value. */
export const CHANGE_EVENT = 'streamfield:change';

/** What `streamfield:change` carries. */
export interface StreamFieldChangeDetail {
  name: string;
  value: StreamValue;
}

/** A mounted editor. */
export interface StreamFieldEditor {
  value(): StreamValue;
  /** Fires a pending change event now (before the page goes away). */
  flush(): void;
  destroy(): void;
}

/** Renders the editor into `root` from its config. */
export function mountStreamField(root: HTMLElement, config: StreamFieldConfig): StreamFieldEditor {
  if (config.catalog) registerCatalog(config.catalog);
  const scope = new Scope();
  const input = hiddenInput(root, config.name);
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
    errors: config.errors,
    createStream: (initial, onChange, parentScope) => new StreamEditor(context, initial, onChange, parentScope),
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let isPending = false;
  const dispatch = () => {
    clearTimeout(timer);
    if (!isPending) return;
    isPending = false;
    root.dispatchEvent(new CustomEvent<StreamFieldChangeDetail>(CHANGE_EVENT, { bubbles: true, detail: { name: config.name, value: stream.value() } }));
  };
  const changed = () => {
    input.value = JSON.stringify(stream.value());
    isPending = true;
    clearTimeout(timer);
    timer = setTimeout(dispatch, CHANGE_EVENT_DELAY_MS);
  };

  const stream = new StreamEditor(context, config.value, changed, scope);
  input.value = JSON.stringify(stream.value());
  root.classList.add('sf-editor');
  root.append(announcer.element, stream.element, chooser.element);
  // Closing the tab must not swallow the last edits: autosave hears them at once.
  window.addEventListener('pagehide', dispatch);
  scope.add(() => window.removeEventListener('pagehide', dispatch));
  scope.add(() => clearTimeout(timer));

  return {
    value: () => stream.value(),
    flush: dispatch,
    destroy() {
      context.menu.close(false);
      scope.dispose();
      root.replaceChildren(input);
    },
  };
}

// The form may already hold the input (the server rendered it with the saved value).
function hiddenInput(root: HTMLElement, name: string): HTMLInputElement {
  const existing = [...(root.closest('form') ?? root).querySelectorAll<HTMLInputElement>('input[type="hidden"]')].find((input) => input.name === name);
  if (existing) return existing;
  const input = h('input', { type: 'hidden', name });
  root.append(input);
  return input;
}
