/**
 * The form controls of a block's fields, one renderer per field kind; each reads and writes
 * its value through a cursor into the block's value. Structs, lists and nested streams are
 * drawn here, since they hold fields of any kind.
 */
import { interpolate } from '../../client/lib/i18n';
import { button, focusFirstControl, h, type Child, type Scope } from './dom';
import type { EditorContext, ValueCursor } from './editor-context';
import { renderChooser } from './chooser-field';
import { errorMessage, type Renderer } from './field-row';
import { icon, type IconName } from './icons';
import { renderBoolean, renderDate, renderNumber, renderRichText, renderSelect, renderText } from './scalar-fields';
import { streamBlockSchema, type FieldKind, type FieldNode } from './schemas';
import { addListItem, emptyValue, moveListItem, removeListItem } from './value-ops';

/** The controls of a struct's (or a block's) fields, in order. */
export function renderFields(fields: readonly FieldNode[], cursor: ValueCursor, context: EditorContext, scope: Scope): HTMLElement[] {
  return fields.map((field) => renderField(field, cursor.at(field.name), context, scope));
}

/** The control of one field of any kind. */
export function renderField(node: FieldNode, cursor: ValueCursor, context: EditorContext, scope: Scope): HTMLElement {
  return (RENDERERS[node.kind] as Renderer<FieldKind>)(node, cursor, context, scope);
}

const renderStruct: Renderer<'struct'> = (node, cursor, context, scope) => {
  const holder = h('div', { class: 'sf-struct-holder' });
  const structScope = scope.child();
  const render = () => {
    structScope.dispose();
    const value = cursor.read();
    if (value === null || value === undefined) {
      holder.replaceChildren(
        button(
          { class: 'sf-button sf-button--secondary sf-struct__add' },
          () => {
            cursor.write(emptyValue({ ...node, nullable: false, default: undefined }));
            render();
            focusFirstControl(holder);
          },
          interpolate('Add {field}', { field: node.label }),
        ),
      );
      return;
    }
    const remove: Child = node.nullable
      ? button(
          { class: 'sf-button sf-button--link sf-struct__remove' },
          () => {
            cursor.write(null);
            render();
            holder.querySelector<HTMLElement>('button')?.focus();
          },
          interpolate('Remove {field}', { field: node.label }),
        )
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
  const addButton = button(
    { class: 'sf-button sf-button--secondary sf-list__add' },
    () => {
      const length = listLength();
      cursor.updateBlock((value) => addListItem(value, cursor.path, node.item, length));
      render();
      context.announcer.announce(interpolate('Item {position} added to {field}.', { position: length + 1, field: node.label }));
      focusFirstControl(items.lastElementChild);
    },
    interpolate('Add an item to {field}', { field: node.label }),
  );

  const listLength = () => {
    const value = cursor.read();
    return Array.isArray(value) ? value.length : 0;
  };
  const itemAction = (label: string, iconName: IconName, className: string, action: () => void) =>
    button({ class: `sf-icon-button ${className}`, 'aria-label': label, title: label }, action, icon(iconName));

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
  return h(
    'fieldset',
    { class: 'sf-list' },
    h('legend', { class: 'sf-legend' }, node.label),
    node.help_text ? h('p', { class: 'sf-help' }, node.help_text) : null,
    errors,
    items,
    addButton,
  );
};

const renderStream: Renderer<'stream'> = (node, cursor, context, scope) => {
  const current = cursor.read();
  // Stored JSON: the nested stream starts with the blocks that have the shape of one.
  const blocks = Array.isArray(current) ? current.flatMap((block: unknown) => streamBlockSchema.safeParse(block).data ?? []) : [];
  const nested = context.createStream(blocks, () => cursor.write(nested.value()), scope);
  const errors = errorMessage(cursor, null);
  return h(
    'fieldset',
    { class: 'sf-nested-stream' },
    h('legend', { class: 'sf-legend' }, node.label),
    node.help_text ? h('p', { class: 'sf-help' }, node.help_text) : null,
    errors,
    nested.element,
  );
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
