import { GUEST_CONTACT_MAX_LENGTH, type GuestContact } from '../../lib/guest-contact';
import { gettext } from '../../lib/i18n';

/** What the guest has typed so far; kept by the panel so nothing is lost between steps. */
export type ContactValues = Required<GuestContact>;

export const EMPTY_CONTACT: ContactValues = { firstName: '', lastName: '', phone: '', email: '', note: '' };

interface FieldSpec {
  name: keyof ContactValues;
  label: string;
  type: 'text' | 'tel' | 'email';
  autoComplete: string;
  required: boolean;
}

const FIELDS: FieldSpec[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'phone', label: 'Mobile phone', type: 'tel', autoComplete: 'tel', required: true },
  { name: 'email', label: 'Email (optional)', type: 'email', autoComplete: 'email', required: false },
];

/** Name, phone, optional email and note: the same fields for the wait list and reservations. */
export default function GuestContactFields({ idPrefix, values, onChange }: { idPrefix: string; values: ContactValues; onChange: (values: ContactValues) => void }) {
  return (
    <div className="visitor-panel__fields">
      {FIELDS.map((field) => (
        <p key={field.name} className="visitor-panel__field">
          <label htmlFor={`${idPrefix}-${field.name}`}>{gettext(field.label)}</label>
          <input
            id={`${idPrefix}-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required={field.required}
            maxLength={GUEST_CONTACT_MAX_LENGTH[field.name]}
            value={values[field.name]}
            onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
          />
        </p>
      ))}
      <p className="visitor-panel__field visitor-panel__field--wide">
        <label htmlFor={`${idPrefix}-note`}>{gettext('Note for the host (optional)')}</label>
        <textarea
          id={`${idPrefix}-note`}
          name="note"
          rows={2}
          maxLength={GUEST_CONTACT_MAX_LENGTH.note}
          value={values.note}
          onChange={(event) => onChange({ ...values, note: event.target.value })}
        />
      </p>
    </div>
  );
}
