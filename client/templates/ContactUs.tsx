import StreamField from '../components/StreamField';
import type { RenderedBlock } from '../blocks/types';
import { gettext } from '../lib/i18n';

/** Props of the 'contact us' template. */
export interface ContactUsProps {
  title: string;
  body: RenderedBlock[];
  /** Plain text introducing the message form; empty when the editor wrote none. */
  form_intro: string;
}

/**
 * The contact-us page (SPEC §2 item 2): body blocks, then the 'Send Us a Message' section. The
 * section is the form's place on the page: the form itself belongs to the forms feature.
 */
export default function ContactUs({ title, body, form_intro }: ContactUsProps) {
  return (
    <article className="template-contact container">
      <h1 className="page-title">{title}</h1>
      <StreamField blocks={body} />
      <section className="contact-form" id="send-us-a-message" aria-labelledby="send-us-a-message-heading">
        <h2 id="send-us-a-message-heading" className="contact-form__heading">
          {gettext('Send Us a Message')}
        </h2>
        {form_intro && <p className="contact-form__intro">{form_intro}</p>}
      </section>
    </article>
  );
}
