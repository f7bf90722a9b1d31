/**
 * The form controls of a block's fields, one renderer per field kind; each reads and writes
 * its value through a cursor into the block's value.
 */
import { gettext, interpolate } from '../../client/lib/i18n';
import { button, focusFirstControl, h, nextDomId, type Child, type Scope } from './dom';
import type { EditorContext, ValueCursor } from './editor-context';
import { icon, type IconName } from './icons';
import { createRichTextEditor } from './rich-text-editor';
import type { ChooserTarget, FieldKind, FieldNode } from './schemas';
import { parseTypedDate, TYPED_DATE_FORMAT } from './typed-date';
import { addListItem, emptyValue, moveListItem, removeListItem } from './value-ops';

type NodeOf<Kind extends FieldKind> = Extract<FieldNode, { kind: Kind }>;
type Renderer<Kind extends FieldKind> = (node: NodeOf<Kind>, cursor: ValueCursor, context: EditorContext, scope: Scope) => HTMLElement;

/** The controls of a struct's (or a block's) fields, in order. */
export function renderFields(fields: readonly FieldNode[], cursor: ValueCursor, context: EditorContext, scope: Scope): HTMLElement[] {
  return fields.map((field) => renderField(field, cursor.at(field.name), context, scope));
}

/** The control of one field of any kind. */
export function renderField(node: FieldNode, cursor: ValueCursor, context: EditorContext, scope: Scope): HTMLElement {
  return (RENDERERS[node.kind] as Renderer<FieldKind>)(node, cursor, context, scope);
}

/** How a row names its control: a `<label for>`, or a heading of a group (choosers, rich text). */
type RowLabel = { for: string } | { groupLabelId: string };

// One row: label (with a required mark), help text and the last save's errors, then the control.
function fieldRow(node: FieldNode, cursor: ValueCursor, label: RowLabel, control: HTMLElement, describes: HTMLElement = control): HTMLElement {
  const helpId = node.help_text ? nextDomId('sf-help') : null;
  const errors = errorMessage(cursor, describes);
  const describedBy = [describes.getAttribute('aria-describedby'), helpId, errors?.id].filter(Boolean).join(' ');
  if (describedBy) describes.setAttribute('aria-describedby', describedBy);
  const content = [node.label, node.required ? h('span', { class: 'sf-required', 'aria-hidden': 'true' }, ' *') : null];
  const isGroup = 'groupLabelId' in label;
  return h(
    'div',
    { class: `sf-field sf-field--${node.kind}${errors ? ' has-error' : ''}`, role: isGroup ? 'group' : undefined, 'aria-labelledby': isGroup ? label.groupLabelId : undefined },
    isGroup ? h('span', { class: 'sf-label', id: label.groupLabelId }, ...content) : h('label', { class: 'sf-label', for: label.for }, ...content),
    helpId ? h('p', { class: 'sf-help', id: helpId }, node.help_text) : null,
    errors,
    control,
  );
}

// The last save's messages for this field, marking its control invalid; null when there are none.
function errorMessage(cursor: ValueCursor, control: HTMLElement | null): HTMLElement | null {
  const messages = cursor.takeErrors();
  if (messages.length === 0) return null;
  control?.setAttribute('aria-invalid', 'true');
  return h('p', { class: 'sf-error', id: nextDomId('sf-error') }, messages.join(' '));
}

// A value saved before its field existed is missing; the field shows what the schema will fill in.
function shownValue(node: FieldNode, cursor: ValueCursor): unknown {
  const value = cursor.read();
  return value === undefined ? node.default : value;
}

// No `required`, `type="url"` or min/max: browser validation would block saving a draft (and
// refuse site paths such as /menu/); the server checks on publish and errors show beside fields.
const INPUT_ATTRIBUTES: Record<'text' | 'url', Record<string, string>> = {
  text: { type: 'text' },
  url: { type: 'text', inputmode: 'url', autocomplete: 'off', spellcheck: 'false' },
};

function renderText(node: NodeOf<'text' | 'textarea' | 'url'>, cursor: ValueCursor): HTMLElement {
  const id = nextDomId('sf-input');
  const attributes = { id, class: 'sf-input', 'aria-required': node.required ? 'true' : undefined, maxlength: 'max_length' in node ? node.max_length : undefined };
  const control = node.kind === 'textarea' ? h('textarea', { ...attributes, rows: 3 }) : h('input', { ...attributes, ...INPUT_ATTRIBUTES[node.kind] });
  const current = shownValue(node, cursor);
  control.value = typeof current === 'string' ? current : '';
  control.addEventListener('input', () => cursor.write(control.value === '' && node.nullable ? null : control.value));
  return fieldRow(node, cursor, { for: id }, control);
}

// A date picker where the browser has one; else (or for a value it cannot show) a text box
// that takes a date as people type it, stored as YYYY-MM-DD once it reads as one.
const renderDate: Renderer<'date'> = (node, cursor) => {
  const id = nextDomId('sf-input');
  const control = h('input', { id, class: 'sf-input sf-input--date', type: 'date', 'aria-required': node.required ? 'true' : undefined });
  const current = shownValue(node, cursor);
  const typed = typeof current === 'string' ? current : '';
  if (control.type !== 'date' || (typed !== '' && parseTypedDate(typed) !== typed)) {
    control.type = 'text';
    control.placeholder = 'YYYY-MM-DD';
  }
  control.value = typed;
  const read = () => {
    const text = control.value.trim();
    cursor.write(text === '' ? (node.nullable ? null : '') : (parseTypedDate(text) ?? text));
  };
  control.addEventListener('input', read);
  control.addEventListener('change', () => {
    read();
    const iso = parseTypedDate(control.value);
    if (control.type === 'text' && iso) control.value = iso;
  });
  const format = interpolate('Format: {format}.', { format: TYPED_DATE_FORMAT });
  return fieldRow({ ...node, help_text: node.help_text ? `${node.help_text} ${format}` : format }, cursor, { for: id }, control);
};

const renderNumber: Renderer<'number'> = (node, cursor) => {
  const id = nextDomId('sf-input');
  const control = h('input', { id, class: 'sf-input sf-input--number', type: 'text', inputmode: node.integer ? 'numeric' : 'decimal', 'aria-required': node.required ? 'true' : undefined });
  const current = shownValue(node, cursor);
  control.value = typeof current === 'number' || typeof current === 'string' ? String(current) : '';
  // Anything not a number is kept as typed, so publishing reports it instead of losing it.
  control.addEventListener('input', () => {
    const typed = control.value.trim();
    cursor.write(typed === '' ? null : Number.isFinite(Number(typed)) ? Number(typed) : typed);
  });
  return fieldRow(node, cursor, { for: id }, control);
};

const renderBoolean: Renderer<'boolean'> = (node, cursor) => {
  const id = nextDomId('sf-input');
  const control = h('input', { id, type: 'checkbox', class: 'sf-checkbox' });
  control.checked = shownValue(node, cursor) === true;
  control.addEventListener('change', () => cursor.write(control.checked));
  const errors = errorMessage(cursor, control);
  return h(
    'div',
    { class: `sf-field sf-field--boolean${errors ? ' has-error' : ''}` },
    control,
    h('label', { for: id, class: 'sf-label sf-label--inline' }, node.label),
    node.help_text ? h('p', { class: 'sf-help' }, node.help_text) : null,
    errors,
  );
};

const renderSelect: Renderer<'select'> = (node, cursor) => {
  const id = nextDomId('sf-input');
  const options = node.choices.map(([value, label]) => h('option', { value }, label));
  const control = h('select', { id, class: 'sf-input sf-select' }, node.nullable ? h('option', { value: '' }, gettext('(none)')) : null, ...options);
  const current = shownValue(node, cursor);
  control.value = typeof current === 'string' ? current : '';
  control.addEventListener('change', () => cursor.write(control.value === '' && node.nullable ? null : control.value));
  return fieldRow(node, cursor, { for: id }, control);
};

const renderRichText: Renderer<'rich_text'> = (node, cursor, _context, scope) => {
  // A contenteditable cannot be the target of `<label for>`; the heading names it by id instead.
  const labelId = nextDomId('sf-label');
  const current = cursor.read();
  const editor = createRichTextEditor({ labelId, html: typeof current === 'string' ? current : '', onChange: (html) => cursor.write(html), scope });
  const editable = editor.querySelector<HTMLElement>('[contenteditable]');
  const row = fieldRow(node, cursor, { groupLabelId: labelId }, editor, editable ?? editor);
  row.querySelector(`#${labelId}`)?.addEventListener('click', () => editable?.focus());
  return row;
};

const CHANGE_LABELS: Record<ChooserTarget, () => string> = {
  image: () => gettext('Change image'),
  document: () => gettext('Change document'),
  page: () => gettext('Change page'),
  video: () => gettext('Change video'),
};

const CHOOSE_LABELS: Record<ChooserTarget, () => string> = {
  image: () => gettext('Choose an image'),
  document: () => gettext('Choose a document'),
  page: () => gettext('Choose a page'),
  video: () => gettext('Choose a video'),
};

const renderChooser: Renderer<'chooser'> = (node, cursor, context) => {
  const id = nextDomId('sf-chooser');
  const summary = h('span', { class: 'sf-chooser__summary', id: `${id}-summary` });
  const thumb = h('img', { class: 'sf-chooser__preview', alt: '', hidden: true });
  const chooseButton = button({ id, class: 'sf-button sf-button--secondary', 'aria-describedby': `${id}-summary`, 'data-chooser-target': node.target }, () => void choose());
  const clearButton = button({ class: 'sf-button sf-button--link', 'aria-label': interpolate('Clear {field}', { field: node.label }) }, () => {
    cursor.write(null);
    show();
    chooseButton.focus();
  }, gettext('Clear'));

  const show = () => {
    const chosen = cursor.read();
    const isChosen = typeof chosen === 'number';
    summary.textContent = isChosen ? (context.referenceTitles.get(`${node.target}:${chosen}`) ?? interpolate('#{id}', { id: chosen })) : gettext('Nothing chosen');
    chooseButton.textContent = (isChosen ? CHANGE_LABELS : CHOOSE_LABELS)[node.target]();
    clearButton.hidden = !isChosen || !node.nullable;
    const thumbnail = isChosen ? context.referenceTitles.get(`${node.target}:${chosen}:thumbnail`) : undefined;
    thumb.hidden = !thumbnail;
    if (thumbnail) thumb.src = thumbnail;
    else thumb.removeAttribute('src');
  };
  const choose = async () => {
    const url = context.choosers[node.target];
    if (!url) {
      context.announcer.announce(gettext('This chooser is not available here.'));
      return;
    }
    const choice = await context.chooser.choose(node.target, url);
    chooseButton.focus();
    if (!choice) return;
    context.referenceTitles.set(`${node.target}:${choice.id}`, choice.title);
    if (choice.thumbnail_url) context.referenceTitles.set(`${node.target}:${choice.id}:thumbnail`, choice.thumbnail_url);
    cursor.write(choice.id);
    show();
    context.announcer.announce(interpolate('{title} chosen.', { title: choice.title }));
  };
  show();
  // A label would rename the button ("Image" instead of "Choose an image"); the row is a named group.
  return fieldRow(node, cursor, { groupLabelId: nextDomId('sf-label') }, h('div', { class: 'sf-chooser' }, thumb, summary, chooseButton, clearButton), chooseButton);
};

const renderStruct: Renderer<'struct'> = (node, cursor, context, scope) => {
  const holder = h('div', { class: 'sf-struct-holder' });
  const structScope = scope.child();
  const render = () => {
    structScope.dispose();
    const value = cursor.read();
    if (value === null || value === undefined) {
      holder.replaceChildren(
        button({ class: 'sf-button sf-button--secondary sf-struct__add' }, () => {
          cursor.write(emptyValue({ ...node, nullable: false, default: undefined }));
          render();
          focusFirstControl(holder);
        }, interpolate('Add {field}', { field: node.label })),
      );
      return;
    }
    const remove: Child = node.nullable
      ? button({ class: 'sf-button sf-button--link sf-struct__remove' }, () => {
          cursor.write(null);
          render();
          holder.querySelector<HTMLElement>('button')?.focus();
        }, interpolate('Remove {field}', { field: node.label }))
      : null;
    const errors = errorMessage(cursor, null);
    const fields = renderFields(node.children, cursor, context, structScope);
    // A list item's struct is framed by the item already; a named struct gets its own fieldset.
    holder.replaceChildren(
      node.name === ''
        ? h('div', { class: 'sf-struct sf-struct--item' }, errors, ...fields, remove)
        : h('fieldset', { class: 'sf-struct' }, h('legend', { class: 'sf-legend' }, node.label), errors, ...fields, remove),
    );
  };
  render();
  return holder;
};

const renderList: Renderer<'list'> = (node, cursor, context, scope) => {
  const items = h('ol', { class: 'sf-list__items' });
  const itemsScope = scope.child();
  const addButton = button({ class: 'sf-button sf-button--secondary sf-list__add' }, () => {
    const length = listLength();
    cursor.updateBlock((value) => addListItem(value, cursor.path, node.item, length));
    render();
    context.announcer.announce(interpolate('Item {position} added to {field}.', { position: length + 1, field: node.label }));
    focusFirstControl(items.lastElementChild);
  }, interpolate('Add an item to {field}', { field: node.label }));

  const listLength = () => {
    const value = cursor.read();
    return Array.isArray(value) ? value.length : 0;
  };
  const itemAction = (label: string, iconName: IconName, className: string, action: () => void) => button({ class: `sf-icon-button ${className}`, 'aria-label': label, title: label }, action, icon(iconName));

  const move = (from: number, to: number, focusClass: string) => {
    if (to < 0 || to >= listLength()) return;
    cursor.updateBlock((value) => moveListItem(value, cursor.path, from, to));
    render();
    context.announcer.announce(interpolate('Item moved to position {position} of {count}.', { position: to + 1, count: listLength() }));
    items.children[to]?.querySelector<HTMLElement>(`.${focusClass}`)?.focus();
  };
  const remove = (index: number) => {
    cursor.updateBlock((value) => removeListItem(value, cursor.path, index));
    render();
    context.announcer.announce(interpolate('Item {position} removed from {field}.', { position: index + 1, field: node.label }));
    (items.children[Math.min(index, listLength() - 1)]?.querySelector<HTMLElement>('.sf-list__remove') ?? addButton).focus();
  };

  function render() {
    itemsScope.dispose();
    const length = listLength();
    const canRemove = length > (node.min_items ?? 0);
    addButton.disabled = node.max_items !== undefined && length >= node.max_items;
    items.replaceChildren(
      ...Array.from({ length }, (_, index) => {
        const position = { position: index + 1, field: node.label };
        const removeButton = itemAction(interpolate('Remove item {position} of {field}', position), 'close', 'sf-list__remove', () => remove(index));
        removeButton.disabled = !canRemove;
        return h(
          'li',
          { class: 'sf-list__item' },
          h(
            'div',
            { class: 'sf-list__item-header' },
            h('span', { class: 'sf-list__item-title' }, interpolate('Item {position}', position)),
            itemAction(interpolate('Move item {position} of {field} up', position), 'up', 'sf-list__up', () => move(index, index - 1, 'sf-list__up')),
            itemAction(interpolate('Move item {position} of {field} down', position), 'down', 'sf-list__down', () => move(index, index + 1, 'sf-list__down')),
            removeButton,
          ),
          renderField(node.item, cursor.at(index), context, itemsScope),
        );
      }),
    );
  }
  const errors = errorMessage(cursor, null);
  render();
  return h('fieldset', { class: 'sf-list' }, h('legend', { class: 'sf-legend' }, node.label), node.help_text ? h('p', { class: 'sf-help' }, node.help_text) : null, errors, items, addButton);
};

const renderStream: Renderer<'stream'> = (node, cursor, context, scope) => {
  const current = cursor.read();
  const nested = context.createStream(Array.isArray(current) ? current : [], () => cursor.write(nested.value()), scope);
  const errors = errorMessage(cursor, null);
  return h('fieldset', { class: 'sf-nested-stream' }, h('legend', { class: 'sf-legend' }, node.label), node.help_text ? h('p', { class: 'sf-help' }, node.help_text) : null, errors, nested.element);
};

const RENDERERS: { [Kind in FieldKind]: Renderer<Kind> } = {
  text: renderText,
  textarea: renderText,
  url: renderText,
  date: renderDate,
  number: renderNumber,
  boolean: renderBoolean,
  select: renderSelect,
  rich_text: renderRichText,
  chooser: renderChooser,
  struct: renderStruct,
  list: renderList,
  stream: renderStream,
};
