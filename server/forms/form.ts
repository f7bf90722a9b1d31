import type { FormErrors, SerializedForm } from '../../client/lib/server-forms';
import { NON_FIELD_ERRORS } from '../../client/lib/server-forms';
import type { FieldDefinition, RawValues } from './fields';
import type { FormResult } from './problems';

/** Fields by name, each with the type of the value it yields. */
export type FieldMap = Record<string, FieldDefinition>;

/** The data a valid form yields: one entry per field that was shown. */
export type FormData<Fields extends FieldMap> = { [Name in keyof Fields]: Fields[Name] extends FieldDefinition<infer Value> ? Value : never };

/**
 * A form defined once on the server: its fields in order, which of them the posted values
 * make visible (the rest are neither required nor kept), and checks across fields.
 */
export interface FormDefinition<Fields extends FieldMap = FieldMap> {
  fields: Fields;
  /** Names of the fields these raw values hide: neither required nor kept. */
  hiddenFields?(raw: RawValues): readonly string[];
  /** Errors that involve several fields, by field name or `__all__`. */
  clean?(data: Partial<FormData<Fields>>): FormErrors;
}

/** The outcome of validating a bound form: its data, or the errors by field (`__all__` for the whole form). */
export type ValidatedForm<Fields extends FieldMap> = FormResult<Partial<FormData<Fields>>, { errors: FormErrors }>;

/** Declares a form, keeping its field types. */
export function defineForm<Fields extends FieldMap>(definition: FormDefinition<Fields>): FormDefinition<Fields> {
  return definition;
}

/** The name a field posts under: `{prefix}-{name}`, or the bare name without a prefix. */
export function htmlName(prefix: string | null, name: string): string {
  return prefix ? `${prefix}-${name}` : name;
}

/** The raw values of a form with its prefix removed, from a whole posted body. */
export function rawValuesFor(body: RawValues, prefix: string | null): RawValues {
  if (!prefix) return body;
  const values: Record<string, string> = {};
  const start = `${prefix}-`;
  for (const [key, value] of Object.entries(body)) if (key.startsWith(start)) values[key.slice(start.length)] = value;
  return values;
}

/** The names of the fields shown for these values. */
export function shownFieldNames<Fields extends FieldMap>(form: FormDefinition<Fields>, raw: RawValues): ReadonlySet<string> {
  const hidden = new Set(form.hiddenFields?.(raw) ?? []);
  return new Set(Object.keys(form.fields).filter((name) => !hidden.has(name)));
}

/**
 * Validates raw values: every shown field through its schema (the first message per field is
 * what visitors see, but all are kept), then the cross-field checks when the fields passed.
 */
export function validateForm<Fields extends FieldMap>(form: FormDefinition<Fields>, raw: RawValues): ValidatedForm<Fields> {
  const shown = shownFieldNames(form, raw);
  const data: Record<string, unknown> = {};
  const errors: FormErrors = {};
  for (const [name, field] of Object.entries(form.fields)) {
    if (!shown.has(name)) continue;
    const parsed = field.schema.safeParse(raw[name]);
    if (parsed.success) data[name] = parsed.data;
    else errors[name] = parsed.error.issues.map((issue) => issue.message);
  }
  if (Object.keys(errors).length === 0 && form.clean) mergeErrors(errors, form.clean(data as Partial<FormData<Fields>>));
  return Object.keys(errors).length === 0 ? { ok: true, data: data as Partial<FormData<Fields>> } : { ok: false, errors };
}

/** Adds `extra` to `errors`, field by field. */
export function mergeErrors(errors: FormErrors, extra: FormErrors): FormErrors {
  for (const [name, messages] of Object.entries(extra)) errors[name] = [...(errors[name] ?? []), ...messages];
  return errors;
}

/** A form-level error (`__all__`). */
export function nonFieldError(message: string): FormErrors {
  return { [NON_FIELD_ERRORS]: [message] };
}

/**
 * The JSON description of a form (SPEC §3): unbound with `raw` holding initial values, or
 * bound with what the visitor posted so nothing typed is lost, plus errors.
 */
export function serializeForm<Fields extends FieldMap>(form: FormDefinition<Fields>, options: { prefix?: string | null; raw?: RawValues; errors?: FormErrors } = {}): SerializedForm {
  const prefix = options.prefix ?? null;
  const raw = options.raw ?? {};
  return {
    prefix,
    fields: Object.entries(form.fields).map(([name, field]) => ({
      name: htmlName(prefix, name),
      label: field.label,
      help_text: field.help_text,
      required: field.required,
      widget: field.widget(htmlName(prefix, name), raw[name]),
    })),
    // Keyed by bare field name, as Django's form.errors is.
    errors: { ...options.errors },
  };
}
