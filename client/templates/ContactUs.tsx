import PageStreamField from '../blocks/PageStreamField';
import ContactForm from '../components/forms/ContactForm';
import type { PickedLocation } from '../components/forms/LocationPicker';
import type { RenderedBlock } from '../blocks/types';
import { gettext } from '../lib/i18n';
import type { SerializedForm } from '../lib/server-forms';

/** Props of the 'contact us' template. */
export interface ContactUsProps {
  title: string;
  body: RenderedBlock[];
  /** Plain text introducing the message form; empty when the editor wrote none. */
  form_intro: string;
  /** The message form, sent back with errors after a refused post; null once a message was sent. */
  form: SerializedForm | null;
  /** The restaurant picked in a post that came back, shown by the location picker. */
  location: PickedLocation | null;
}

/**
 * The contact-us page (SPEC §2 item 2): body blocks, then the 'Send Us a Message' form, or a
 * thank-you once a message was sent and the page has no landing page to show it.
 */
export default function ContactUs({ title, body, form_intro, form, location }: ContactUsProps) {
  return (
    <article className="template-contact container">
      <h1 className="page-title">{title}</h1>
      <PageStreamField blocks={body} />
      <section className="contact-form" id="send-us-a-message" aria-labelledby="send-us-a-message-heading">
        <h2 id="send-us-a-message-heading" className="contact-form__heading">
          {gettext('Send Us a Message')}
        </h2>
        {form_intro && <p className="contact-form__intro">{form_intro}</p>}
        {form ? (
          <ContactForm form={form} location={location} />
        ) : (
          <p className="form-confirmation" role="status">
            {gettext('Thank you for your message. We will be in touch soon.')}
          </p>
        )}
      </section>
    </article>
  );
}
