import { z } from 'zod';
import type { SerializedOptgroup, SerializedWidget, WidgetAttr } from '../../client/lib/server-forms';
import { INVALID_EMAIL_MESSAGE, REQUIRED_MESSAGE, invalidChoiceMessage, tooLongMessage, tooShortMessage } from './messages';

/** What a form posted, one string per name (the last one when a name repeats, as Django reads it). */
export type RawValues = Readonly<Record<string, string>>;

/** One choice of a select field. */
export interface Choice {
  value: string;
  label: string;
}

/** Choices under a heading; `group` null for choices outside any group. */
export interface ChoiceGroup {
  group: string | null;
  choices: readonly Choice[];
}

/**
 * A field defined once: its metadata, how its widget is drawn for a posted (or initial) raw
 * value, and the zod schema that turns that raw value into data or specific messages.
 */
export interface FieldDefinition<Value = unknown> {
  name: string;
  label: string;
  help_text: string;
  required: boolean;
  schema: z.ZodType<Value, string | undefined>;
  widget(htmlName: string, raw: string | undefined): SerializedWidget;
}

interface FieldBase {
  name: string;
  label: string;
  help_text?: string;
  required?: boolean;
}

const idFor = (htmlName: string) => `id_${htmlName}`;

/** Text that is trimmed, required unless told otherwise, and at most `max` characters. */
export function boundedText({ required = true, max, min = 0 }: { required?: boolean; max: number; min?: number }) {
  return z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .superRefine((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
        return;
      }
      if (value.length > max) ctx.addIssue({ code: 'custom', message: tooLongMessage(max, value.length) });
      else if (value.length < min) ctx.addIssue({ code: 'custom', message: tooShortMessage(min, value.length) });
    });
}

/** A field with its own rules in place of the bounded text its widget implies. */
export function withSchema<Value>(field: FieldDefinition<string>, schema: z.ZodType<Value, string | undefined>): FieldDefinition<Value> {
  return { ...field, schema };
}

/** An `<input>` field (text, email, tel, date, time or hidden) of trimmed text, at most `maxLength` long. */
export function inputField(
  options: FieldBase & {
    type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'hidden';
    maxLength?: number;
    attrs?: Record<string, WidgetAttr>;
  },
): FieldDefinition<string> {
  const required = options.required ?? true;
  const maxLength = options.maxLength ?? 255;
  const schema = boundedText({ required, max: maxLength });
  return {
    name: options.name,
    label: options.label,
    help_text: options.help_text ?? '',
    required,
    schema,
    widget: (htmlName, raw) => ({
      tag: 'input',
      attrs: {
        type: options.type ?? 'text',
        name: htmlName,
        id: idFor(htmlName),
        ...(options.type === 'hidden' ? {} : { maxlength: maxLength }),
        ...(required && options.type !== 'hidden' ? { required: true } : {}),
        ...options.attrs,
      },
      optgroups: [],
      subwidgets: [],
      value: raw ?? null,
    }),
  };
}

/** A `<textarea>` of at most `maxLength` characters. */
export function textareaField(options: FieldBase & { maxLength: number; rows?: number }): FieldDefinition<string> {
  const required = options.required ?? true;
  return {
    name: options.name,
    label: options.label,
    help_text: options.help_text ?? '',
    required,
    schema: boundedText({ required, max: options.maxLength }),
    widget: (htmlName, raw) => ({
      tag: 'textarea',
      attrs: { name: htmlName, id: idFor(htmlName), rows: options.rows ?? 6, maxlength: options.maxLength, ...(required ? { required: true } : {}) },
      optgroups: [],
      subwidgets: [],
      value: raw ?? null,
    }),
  };
}

/** An email address: trimmed, validated and lowercased. */
export function emailField(options: FieldBase): FieldDefinition<string> {
  const required = options.required ?? true;
  const email = z.email();
  const schema = boundedText({ required, max: 254 })
    .refine((value) => !value || email.safeParse(value).success, INVALID_EMAIL_MESSAGE)
    .transform((value) => value.toLowerCase());
  return withSchema(inputField({ ...options, type: 'email', maxLength: 254, attrs: { autocomplete: 'email' } }), schema);
}

/** A `<select>` of fixed choices, grouped or not; an empty first option stands for no choice. */
export function choiceField(options: FieldBase & { groups: readonly ChoiceGroup[]; placeholder: string }): FieldDefinition<string> {
  const required = options.required ?? true;
  const allowed = new Set(options.groups.flatMap((group) => group.choices.map((choice) => choice.value)));
  const schema = z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .superRefine((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      } else if (!allowed.has(value)) ctx.addIssue({ code: 'custom', message: invalidChoiceMessage(value) });
    });
  return {
    name: options.name,
    label: options.label,
    help_text: options.help_text ?? '',
    required,
    schema,
    widget: (htmlName, raw) => ({
      tag: 'select',
      attrs: { name: htmlName, id: idFor(htmlName), ...(required ? { required: true } : {}) },
      optgroups: optgroupsOf(htmlName, [{ group: null, choices: [{ value: '', label: options.placeholder }] }, ...options.groups], raw ?? ''),
      subwidgets: [],
      value: raw ?? null,
    }),
  };
}

function optgroupsOf(htmlName: string, groups: readonly ChoiceGroup[], selected: string): SerializedOptgroup[] {
  return groups.map((group, index) => [
    group.group,
    group.choices.map((choice) => ({ name: htmlName, value: choice.value, label: choice.label, selected: choice.value === selected, attrs: {} })),
    index,
  ]);
}

/** A checkbox; `mustBeChecked` makes it required (terms), otherwise it reads as a yes/no answer. */
export function checkboxField(options: FieldBase & { mustBeChecked?: boolean; requiredMessage?: string }): FieldDefinition<boolean> {
  const required = options.mustBeChecked ?? false;
  const schema = z
    .string()
    .optional()
    .transform((value) => value !== undefined && value !== '' && value !== 'false')
    .refine((checked) => checked || !required, options.requiredMessage ?? REQUIRED_MESSAGE);
  return {
    name: options.name,
    label: options.label,
    help_text: options.help_text ?? '',
    required,
    schema,
    widget: (htmlName, raw) => ({
      tag: 'input',
      attrs: { type: 'checkbox', name: htmlName, id: idFor(htmlName), value: 'on', checked: Boolean(raw && raw !== 'false'), ...(required ? { required: true } : {}) },
      optgroups: [],
      subwidgets: [],
      value: raw ?? null,
    }),
  };
}

/** 1..n as choices, for month and day selects. */
export function numberChoices(from: number, to: number, label: (value: number) => string = String): Choice[] {
  return Array.from({ length: to - from + 1 }, (_, index) => ({ value: String(from + index), label: label(from + index) }));
}
