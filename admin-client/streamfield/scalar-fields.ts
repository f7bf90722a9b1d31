/** The controls of fields holding one value: text, URL, date, number, checkbox, select and rich text. */
import { gettext, interpolate } from '../../client/lib/i18n';
import { h, nextDomId } from './dom';
import type { ValueCursor } from './editor-context';
import { errorMessage, fieldRow, shownValue, type NodeOf, type Renderer } from './field-row';
import { createRichTextEditor } from './rich-text-editor';
import { parseTypedDate, TYPED_DATE_FORMAT } from './typed-date';

// No `required`, `type="url"` or min/max: browser validation would block saving a draft (and
// refuse site paths such as /menu/); the server checks on publish and errors show beside fields.
const INPUT_ATTRIBUTES: Record<'text' | 'url', Record<string, string>> = {
  text: { type: 'text' },
  url: { type: 'text', inputmode: 'url', autocomplete: 'off', spellcheck: 'false' },
};

/** A text box, text area or URL box. */
export function renderText(node: NodeOf<'text' | 'textarea' | 'url'>, cursor: ValueCursor): HTMLElement {
  const id = nextDomId('sf-input');
  const attributes = { id, class: 'sf-input', 'aria-required': node.required ? 'true' : undefined, maxlength: 'max_length' in node ? node.max_length : undefined };
  const control = node.kind === 'textarea' ? h('textarea', { ...attributes, rows: 3 }) : h('input', { ...attributes, ...INPUT_ATTRIBUTES[node.kind] });
  const current = shownValue(node, cursor);
  control.value = typeof current === 'string' ? current : '';
  control.addEventListener('input', () => cursor.write(control.value === '' && node.nullable ? null : control.value));
  return fieldRow(node, cursor, { for: id }, control);
}

/**
 * A date picker where the browser has one; else (or for a value it cannot show) a text box
 * that takes a date as people type it, stored as YYYY-MM-DD once it reads as one.
 */
export const renderDate: Renderer<'date'> = (node, cursor) => {
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

/** A number box that keeps what is typed when it is not a number, so publishing reports it. */
export const renderNumber: Renderer<'number'> = (node, cursor) => {
  const id = nextDomId('sf-input');
  const control = h('input', {
    id,
    class: 'sf-input sf-input--number',
    type: 'text',
    inputmode: node.integer ? 'numeric' : 'decimal',
    'aria-required': node.required ? 'true' : undefined,
  });
  const current = shownValue(node, cursor);
  control.value = typeof current === 'number' || typeof current === 'string' ? String(current) : '';
  // Anything not a number is kept as typed, so publishing reports it instead of losing it.
  control.addEventListener('input', () => {
    const typed = control.value.trim();
    cursor.write(typed === '' ? null : Number.isFinite(Number(typed)) ? Number(typed) : typed);
  });
  return fieldRow(node, cursor, { for: id }, control);
};

/** A checkbox with its label beside it. */
export const renderBoolean: Renderer<'boolean'> = (node, cursor) => {
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

/** A select of the field's choices, with "(none)" when it may be empty. */
export const renderSelect: Renderer<'select'> = (node, cursor) => {
  const id = nextDomId('sf-input');
  const options = node.choices.map(([value, label]) => h('option', { value }, label));
  const control = h('select', { id, class: 'sf-input sf-select' }, node.nullable ? h('option', { value: '' }, gettext('(none)')) : null, ...options);
  const current = shownValue(node, cursor);
  control.value = typeof current === 'string' ? current : '';
  control.addEventListener('change', () => cursor.write(control.value === '' && node.nullable ? null : control.value));
  return fieldRow(node, cursor, { for: id }, control);
};

/** A TipTap rich text editor, named by the row's heading. */
export const renderRichText: Renderer<'rich_text'> = (node, cursor, _context, scope) => {
  // A contenteditable cannot be the target of `<label for>`; the heading names it by id instead.
  const labelId = nextDomId('sf-label');
  const current = cursor.read();
  const editor = createRichTextEditor({ labelId, html: typeof current === 'string' ? current : '', onChange: (html) => cursor.write(html), scope });
  const editable = editor.querySelector<HTMLElement>('[contenteditable]');
  const row = fieldRow(node, cursor, { groupLabelId: labelId }, editor, editable ?? editor);
  row.querySelector(`#${labelId}`)?.addEventListener('click', () => editable?.focus());
  return row;
};
