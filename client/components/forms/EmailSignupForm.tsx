import { useRef, type ReactNode } from 'react';
import CsrfField from '../CsrfField';
import { gettext } from '../../lib/i18n';
import { errorsOf, fieldNamed, hasErrors, type SerializedField, type SerializedForm, type SerializedFormSet } from '../../lib/server-forms';
import CaptchaField from './CaptchaField';
import FormField from './FormField';
import FormSet from './FormSet';
import NonFieldErrors from './NonFieldErrors';
import { useScrollToErrors } from './use-scroll-to-errors';
import { useSubmitOnce } from './use-submit-once';

/** Props of EmailSignupForm. */
export interface EmailSignupFormProps {
  form: SerializedForm;
  occasions: SerializedFormSet;
  /** Where 'Terms and Conditions' in the terms label links to. */
  termsUrl: string | null;
}

/**
 * The terms label with 'Terms and Conditions' as a link, found in the translated label so the
 * link survives translation; the plain label when there is nowhere to link or no such words.
 */
function termsLabel(label: string, termsUrl: string | null): ReactNode {
  const text = gettext(label);
  const words = gettext('Terms and Conditions');
  const at = text.indexOf(words);
  if (!termsUrl || at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {/* A new tab, so reading the terms does not lose what was typed into the form. */}
      <a href={termsUrl} target="_blank" rel="noopener">
        {words}
      </a>
      {text.slice(at + words.length)}
    </>
  );
}

/** One special occasion: what, whose, and the month and day. */
function OccasionForm({ form, position, remove }: { form: SerializedForm; position: number; remove(): void }) {
  const field = (name: string) => fieldNamed(form, name) as SerializedField;
  return (
    <fieldset className="occasion">
      <legend className="occasion__legend">
        {gettext('Special Occasion')} {position + 1}
      </legend>
      <div className="server-form__grid">
        {['occasion', 'relationship'].map((name) => (
          <FormField key={name} field={field(name)} errors={errorsOf(form, name)} markRequired />
        ))}
        <div className="server-form__pair">
          {['month', 'day'].map((name) => (
            <FormField key={name} field={field(name)} errors={errorsOf(form, name)} markRequired />
          ))}
        </div>
      </div>
      <button type="button" className="button button--text-link occasion__remove" onClick={remove}>
        {gettext('Remove')}
      </button>
    </fieldset>
  );
}

/**
 * The email signup form (SPEC §2 item 3): '*Required' marks, the visitor's details and birthday,
 * up to the schema's maximum of special occasions, terms, consent and the captcha checkbox.
 */
export default function EmailSignupForm({ form, occasions, termsUrl }: EmailSignupFormProps) {
  const field = (name: string) => fieldNamed(form, name) as SerializedField;
  const { submitting, onSubmit } = useSubmitOnce();
  const formRef = useRef<HTMLFormElement>(null);
  useScrollToErrors(formRef, hasErrors(form, occasions));
  const marked = (name: string) => <FormField key={name} field={field(name)} errors={errorsOf(form, name)} markRequired />;

  return (
    <form ref={formRef} className="server-form signup-form" method="post" onSubmit={onSubmit} noValidate>
      <CsrfField />
      <p className="server-form__note">{gettext('*Required')}</p>
      <NonFieldErrors errors={form.errors} extra={occasions.non_form_errors} />
      <div className="server-form__grid">
        {['first_name', 'last_name', 'email', 'postcode'].map(marked)}
        <div className="server-form__pair">{['birthday_month', 'birthday_day'].map(marked)}</div>
      </div>
      <section className="signup-form__occasions" aria-labelledby="special-occasions-heading">
        <h3 id="special-occasions-heading" className="signup-form__subheading">
          {gettext('Special Occasions')}
        </h3>
        <p className="signup-form__hint">{gettext('Tell us about the days you celebrate and we may send a little something.')}</p>
        <FormSet
          formSet={occasions}
          addLabel={gettext('Add a Special Occasion')}
          renderForm={(member, position, remove) => <OccasionForm form={member} position={position} remove={remove} />}
        />
      </section>
      <div className="signup-form__agreements">
        <FormField field={field('terms')} errors={errorsOf(form, 'terms')} markRequired label={termsLabel(field('terms').label, termsUrl)} />
        {marked('consent')}
        <CaptchaField field={field('captcha')} errors={errorsOf(form, 'captcha')} />
      </div>
      <button type="submit" className="button button--primary server-form__submit" disabled={submitting}>
        {submitting ? gettext('Signing Up…') : gettext('Sign Up')}
      </button>
    </form>
  );
}
