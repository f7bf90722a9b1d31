/**
 * What every field control of a block shares: its row (label, help text, the last save's
 * errors) and how a renderer of one kind of field is called.
 */
import { h, nextDomId, type Scope } from './dom';
import type { EditorContext, ValueCursor } from './editor-context';
import type { FieldKind, FieldNode } from './schemas';

/** The field node of one kind. */
export type NodeOf<Kind extends FieldKind> = Extract<FieldNode, { kind: Kind }>;
/** Draws the control of one kind of field, reading and writing through the cursor. */
export type Renderer<Kind extends FieldKind> = (node: NodeOf<Kind>, cursor: ValueCursor, context: EditorContext, scope: Scope) => HTMLElement;

/** How a row names its control: a `<label for>`, or a heading of a group (choosers, rich text). */
export type RowLabel = { for: string } | { groupLabelId: string };

/** One row: label (with a required mark), help text and the last save's errors, then the control. */
export function fieldRow(node: FieldNode, cursor: ValueCursor, label: RowLabel, control: HTMLElement, describes: HTMLElement = control): HTMLElement {
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

/** The last save's messages for this field, marking its control invalid; null when there are none. */
export function errorMessage(cursor: ValueCursor, control: HTMLElement | null): HTMLElement | null {
  const messages = cursor.takeErrors();
  if (messages.length === 0) return null;
  control?.setAttribute('aria-invalid', 'true');
  return h('p', { class: 'sf-error', id: nextDomId('sf-error') }, messages.join(' '));
}

/** The field's value, or its default when the value was saved before the field existed. */
export function shownValue(node: FieldNode, cursor: ValueCursor): unknown {
  const value = cursor.read();
  return value === undefined ? node.default : value;
}
