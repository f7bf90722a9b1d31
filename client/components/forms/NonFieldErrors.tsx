import { gettext } from '../../lib/i18n';
import { NON_FIELD_ERRORS, type FormErrors } from '../../lib/server-forms';

/** Props of NonFieldErrors. */
export interface NonFieldErrorsProps {
  errors: FormErrors;
  /** Errors of a form set as a whole, listed with the form's. */
  extra?: readonly string[];
}

/** The errors that belong to no one field (key `__all__`), listed above the form (SPEC §5, §8). */
export default function NonFieldErrors({ errors, extra = [] }: NonFieldErrorsProps) {
  const messages = [...(errors[NON_FIELD_ERRORS] ?? []), ...extra];
  if (messages.length === 0) return null;
  return (
    <ul className="form-errors" role="alert">
      {messages.map((message) => (
        <li key={message}>{gettext(message)}</li>
      ))}
    </ul>
  );
}
