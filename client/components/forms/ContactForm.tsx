import { useRef, useState } from 'react';
import CsrfField from '../CsrfField';
import { topicsOf, visitFieldsFor } from '../../lib/contact-topics';
import { gettext } from '../../lib/i18n';
import { errorsOf, fieldNamed, hasErrors, initialValueOf, type SerializedField, type SerializedForm } from '../../lib/server-forms';
import CaptchaField from './CaptchaField';
import FormField from './FormField';
import LocationPicker, { type PickedLocation } from './LocationPicker';
import NonFieldErrors from './NonFieldErrors';
import { useScrollToErrors } from './use-scroll-to-errors';
import { useSubmitOnce } from './use-submit-once';

/** Props of ContactForm. */
export interface ContactFormProps {
  form: SerializedForm;
  location: PickedLocation | null;
}

// Name, contact and address fields, in the order and width the form lays them out.
const PERSON_FIELDS: ReadonlyArray<{ name: string; wide?: boolean }> = [
  { name: 'first_name' },
  { name: 'last_name' },
  { name: 'email' },
  { name: 'phone' },
  { name: 'address_line1', wide: true },
  { name: 'address_city' },
  { name: 'address_state' },
  { name: 'address_zip' },
];

/**
 * The 'Send Us a Message' form (SPEC §2 item 2): category, then the category's topics; the
 * visit fields for the topics that ask about a visit; the visitor's details, message and
 * captcha. Posts to the page itself once; errors from the server show beside their fields.
 */
export default function ContactForm({ form, location }: ContactFormProps) {
  const field = (name: string) => fieldNamed(form, name) as SerializedField;
  const [category, setCategory] = useState(() => initialValueOf(field('question_category')));
  const [topic, setTopic] = useState(() => initialValueOf(field('topic')));
  const { submitting, onSubmit } = useSubmitOnce();
  const formRef = useRef<HTMLFormElement>(null);
  useScrollToErrors(formRef, hasErrors(form));

  const topics = topicsOf(category);
  const visitFields = new Set<string>(visitFieldsFor(category, topic));
  const simpleField = (name: string, wide = false) => <FormField key={name} field={field(name)} errors={errorsOf(form, name)} wide={wide} />;

  return (
    <form ref={formRef} className="server-form contact-form__form" method="post" onSubmit={onSubmit} noValidate>
      <CsrfField />
      <p className="server-form__note">{gettext('All fields are required.')}</p>
      <NonFieldErrors errors={form.errors} />
      <div className="server-form__grid">
        <FormField
          field={field('question_category')}
          errors={errorsOf(form, 'question_category')}
          value={category}
          onChange={(value) => {
            setCategory(value);
            if (!topicsOf(value).includes(topic)) setTopic('');
          }}
        />
        <FormField
          field={field('topic')}
          errors={errorsOf(form, 'topic')}
          value={topics.includes(topic) ? topic : ''}
          onChange={setTopic}
          // Until a category is chosen every group is offered, so the form also works before scripts run.
          groups={category ? new Set([category]) : undefined}
        />
        {visitFields.has('location_rlid') && <LocationPicker field={field('location_rlid')} errors={errorsOf(form, 'location_rlid')} initial={location} />}
        {visitFields.has('visit_date') && simpleField('visit_date')}
        {visitFields.has('visit_time') && simpleField('visit_time')}
        {visitFields.has('order_number') && simpleField('order_number', true)}
        {PERSON_FIELDS.map(({ name, wide }) => simpleField(name, wide))}
        {simpleField('message', true)}
      </div>
      <CaptchaField field={field('captcha')} errors={errorsOf(form, 'captcha')} />
      <button type="submit" className="button button--primary server-form__submit" disabled={submitting}>
        {submitting ? gettext('Sending…') : gettext('Send Message')}
      </button>
    </form>
  );
}
