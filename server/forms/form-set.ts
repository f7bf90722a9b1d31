import type { FormErrors, SerializedFormSet } from '../../client/lib/server-forms';
import { formSetFormPrefix, managementFieldNames } from '../../client/lib/server-forms';
import type { RawValues } from './fields';
import { rawValuesFor, serializeForm, validateForm, type FieldMap, type FormData, type FormDefinition } from './form';

/** A repeatable form (Django's formset) with a hard maximum taken from the form schema. */
export interface FormSetDefinition<Fields extends FieldMap = FieldMap> {
  prefix: string;
  form: FormDefinition<Fields>;
  maxNum: number;
}

/** The message for a tampered or missing management form, as Django words it. */
export const MANAGEMENT_FORM_MESSAGE = 'ManagementForm data is missing or has been tampered with.';

/** The message for more forms than the set allows. */
export function tooManyFormsMessage(max: number): string {
  return `Please submit at most ${max} form${max === 1 ? '' : 's'}.`;
}

/** What validating a posted form set found; `forms` keeps each form's raw values for re-rendering. */
export interface FormSetResult<Fields extends FieldMap> {
  ok: boolean;
  /** The filled-in forms' data, in order; forms left entirely blank are skipped. */
  data: Array<Partial<FormData<Fields>>>;
  forms: Array<{ raw: RawValues; errors: FormErrors }>;
  nonFormErrors: string[];
}

/** Declares a form set. */
export function defineFormSet<Fields extends FieldMap>(definition: FormSetDefinition<Fields>): FormSetDefinition<Fields> {
  return definition;
}

/**
 * Reads and validates a posted form set: the TOTAL_FORMS count first (missing, malformed or over
 * the maximum refuses the set), then each form; a form with nothing typed in is ignored.
 */
export function validateFormSet<Fields extends FieldMap>(set: FormSetDefinition<Fields>, body: RawValues): FormSetResult<Fields> {
  const names = managementFieldNames(set.prefix);
  const total = Number(body[names.total]);
  if (!/^\d{1,3}$/.test(body[names.total] ?? '') || !/^\d{1,3}$/.test(body[names.initial] ?? '')) {
    return { ok: false, data: [], forms: [], nonFormErrors: [MANAGEMENT_FORM_MESSAGE] };
  }
  if (total > set.maxNum) return { ok: false, data: [], forms: [], nonFormErrors: [tooManyFormsMessage(set.maxNum)] };
  const data: Array<Partial<FormData<Fields>>> = [];
  const forms: FormSetResult<Fields>['forms'] = [];
  for (let index = 0; index < total; index++) {
    const raw = rawValuesFor(body, formSetFormPrefix(set.prefix, index));
    if (Object.values(raw).every((value) => value.trim() === '')) continue;
    const result = validateForm(set.form, raw);
    forms.push({ raw, errors: result.ok ? {} : result.errors });
    if (result.ok) data.push(result.data);
  }
  return { ok: forms.every((form) => Object.keys(form.errors).length === 0), data, forms, nonFormErrors: [] };
}

/** The JSON description of a form set: the given forms (none for a fresh page) and the empty form to copy. */
export function serializeFormSet<Fields extends FieldMap>(
  set: FormSetDefinition<Fields>,
  bound: Pick<FormSetResult<Fields>, 'forms' | 'nonFormErrors'> = { forms: [], nonFormErrors: [] },
): SerializedFormSet {
  const forms = bound.forms.map((form, index) => serializeForm(set.form, { prefix: formSetFormPrefix(set.prefix, index), raw: form.raw, errors: form.errors }));
  return {
    prefix: set.prefix,
    // Every form is new on a signup page: nothing was stored before it was shown.
    initial_form_count: 0,
    total_form_count: forms.length,
    max_num: set.maxNum,
    forms,
    empty_form: serializeForm(set.form, { prefix: formSetFormPrefix(set.prefix, '__prefix__') }),
    non_form_errors: bound.nonFormErrors,
  };
}
