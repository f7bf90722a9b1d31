import { gettext, interpolate } from '../../lib/i18n';

/** Props of FieldError. */
export interface FieldErrorProps {
  id: string;
  errors: readonly string[] | undefined;
}

/** The first error of a field as 'Error: {message}' with role alert; nothing when there is none (SPEC §5). */
export default function FieldError({ id, errors }: FieldErrorProps) {
  const first = errors?.[0];
  if (!first) return null;
  return (
    <p id={id} className="form-field__error" role="alert">
      {interpolate('Error: {message}', { message: gettext(first) })}
    </p>
  );
}
