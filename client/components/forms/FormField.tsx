import type { ReactNode } from 'react';
import { gettext } from '../../lib/i18n';
import type { SerializedField } from '../../lib/server-forms';
import FieldError from './FieldError';
import Widget, { type WidgetProps } from './Widget';

/** Props of FormField. */
export interface FormFieldProps extends Omit<WidgetProps, 'widget' | 'describedBy' | 'invalid'> {
  field: SerializedField;
  errors: readonly string[] | undefined;
  /** Appends '*' to the label of a required field (the signup form's '*Required' marks). */
  markRequired?: boolean;
  /** Drawn in place of the widget (the location picker), still labelled and followed by the error. */
  children?: ReactNode;
  wide?: boolean;
  /** Drawn in place of the translated label text (a label with a link in it). */
  label?: ReactNode;
}

/**
 * One field: label, widget, help text and its first error beneath it. A checkbox puts its label
 * after the box. Labels come from the server form in English; the catalog may translate them.
 */
export default function FormField({ field, errors, markRequired = false, children, wide = false, label: labelText, ...widgetOptions }: FormFieldProps) {
  const id = String(field.widget.attrs.id ?? `id_${field.name}`);
  const errorId = `${id}_error`;
  const helpId = `${id}_help`;
  const describedBy = [field.help_text ? helpId : '', errors?.length ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {labelText ?? gettext(field.label)}
      {markRequired && field.required && <span className="form-field__required">*</span>}
    </>
  );
  const isCheckbox = field.widget.attrs.type === 'checkbox';
  return (
    <div className={`form-field${isCheckbox ? ' form-field--checkbox' : ''}${wide ? ' form-field--wide' : ''}${errors?.length ? ' form-field--invalid' : ''}`} data-field={field.name}>
      {isCheckbox ? (
        <label className="form-check" htmlFor={id}>
          <Widget widget={field.widget} describedBy={describedBy} invalid={Boolean(errors?.length)} {...widgetOptions} />
          <span className="form-check__label">{label}</span>
        </label>
      ) : (
        <>
          <label className="form__label" htmlFor={id}>
            {label}
          </label>
          {children ?? <Widget widget={field.widget} describedBy={describedBy} invalid={Boolean(errors?.length)} {...widgetOptions} />}
        </>
      )}
      {field.help_text && (
        <p id={helpId} className="form-field__help">
          {gettext(field.help_text)}
        </p>
      )}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
