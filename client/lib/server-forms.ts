/**
 * The JSON a server form is described by (SPEC §3 "Server forms"), shaped like Django's bound
 * field and widget context so the same React components render every form the server defines.
 */

/** A widget attribute value; `true` renders as a bare boolean attribute, `false` leaves it out. */
export type WidgetAttr = string | number | boolean;

/** One choice of a select, as Django's optgroups() lists it. */
export interface SerializedOption {
  name: string;
  value: string;
  label: string;
  selected: boolean;
  attrs: Record<string, WidgetAttr>;
}

/** [group label (null outside any group), options, index], Django's optgroup triple. */
export type SerializedOptgroup = [string | null, SerializedOption[], number];

/** How a field is drawn: element, attributes, choices, parts and current value. */
export interface SerializedWidget {
  tag: 'input' | 'select' | 'textarea' | 'div';
  attrs: Record<string, WidgetAttr>;
  optgroups: SerializedOptgroup[];
  subwidgets: SerializedWidget[];
  value: string | null;
}

/** One field: its posted name (prefix included), label, help text and widget. */
export interface SerializedField {
  name: string;
  label: string;
  help_text: string;
  required: boolean;
  widget: SerializedWidget;
}

/** Errors by field name; `__all__` holds the errors of the form as a whole. */
export type FormErrors = Record<string, string[]>;

/** The key of errors that belong to no one field (Django's NON_FIELD_ERRORS). */
export const NON_FIELD_ERRORS = '__all__';

/** A form: its name prefix, fields in order, and errors. */
export interface SerializedForm {
  prefix: string | null;
  fields: SerializedField[];
  errors: FormErrors;
}

/** A form set: its forms, a blank one to copy for 'Add', and the counts the management form posts. */
export interface SerializedFormSet {
  prefix: string;
  initial_form_count: number;
  total_form_count: number;
  /** The most forms the set accepts (from the form schema); 'Add' hides at this count. */
  max_num: number;
  forms: SerializedForm[];
  empty_form: SerializedForm;
  /** Errors of the set as a whole, such as too many forms. */
  non_form_errors: string[];
}

/** The field called `name` (without prefix) of a form, or undefined. */
export function fieldNamed(form: SerializedForm, name: string): SerializedField | undefined {
  const fullName = form.prefix ? `${form.prefix}-${name}` : name;
  return form.fields.find((field) => field.name === fullName);
}

/** Django's management form names: `{prefix}-TOTAL_FORMS` and `{prefix}-INITIAL_FORMS`. */
export function managementFieldNames(prefix: string): { total: string; initial: string } {
  return { total: `${prefix}-TOTAL_FORMS`, initial: `${prefix}-INITIAL_FORMS` };
}

/** The prefix of form `index` of a form set; the empty form uses `__prefix__` as Django does. */
export function formSetFormPrefix(prefix: string, index: number | '__prefix__'): string {
  return `${prefix}-${index}`;
}

/** The errors of the field called `name` (without prefix); Django keys errors by bare name. */
export function errorsOf(form: SerializedForm, name: string): readonly string[] | undefined {
  return form.errors[name];
}

/** The value a select or input was drawn with: the selected option, else the widget value. */
export function initialValueOf(field: SerializedField): string {
  const selected = field.widget.optgroups.flatMap(([, choices]) => choices).find((choice) => choice.selected);
  return selected?.value ?? field.widget.value ?? '';
}

/** True when a form, or any form of the given sets, came back with errors. */
export function hasErrors(form: SerializedForm, ...formSets: SerializedFormSet[]): boolean {
  return Object.keys(form.errors).length > 0 || formSets.some((set) => set.non_form_errors.length > 0 || set.forms.some((member) => Object.keys(member.errors).length > 0));
}
