import PageStreamField from '../blocks/PageStreamField';
import EmailSignupForm from '../components/forms/EmailSignupForm';
import type { RenderedBlock } from '../blocks/types';
import { gettext } from '../lib/i18n';
import type { SerializedForm, SerializedFormSet } from '../lib/server-forms';

/** The legal text and help links every email signup page ends with. */
export interface EmailSignupFooterProps {
  /** Sanitized rich text; empty when there is none. */
  legal_text: string;
  faq_url: string | null;
  unsubscribe_url: string | null;
}

/** Props of the 'email signup' template. */
export interface EmailSignupProps extends EmailSignupFooterProps {
  title: string;
  body: RenderedBlock[];
  pre_form_content: RenderedBlock[];
  /** The signup form, sent back with errors after a refused post; null once signed up. */
  form: SerializedForm | null;
  /** The special occasions form set. */
  occasions: SerializedFormSet;
  /** Where 'Terms and Conditions' in the terms checkbox's label links to; plain text when null. */
  terms_url: string | null;
  /** Signups wait for the address to confirm them (double opt-in), so the thanks says to check the inbox. */
  confirmation_pending: boolean;
}

/**
 * Legal text, then the 'Browse FAQ' and 'Unsubscribe' links (SPEC §2 item 3); shared with the
 * landing variant so both pages end the same way.
 */
export function EmailSignupFooter({ legal_text, faq_url, unsubscribe_url }: EmailSignupFooterProps) {
  const hasLinks = Boolean(faq_url || unsubscribe_url);
  if (!legal_text && !hasLinks) return null;
  return (
    <footer className="signup-footer">
      {legal_text && <div className="signup-footer__legal rich-text" dangerouslySetInnerHTML={{ __html: legal_text }} />}
      {hasLinks && (
        <ul className="signup-footer__links">
          {faq_url && (
            <li>
              <a className="button button--text-link" href={faq_url}>
                {gettext('Browse FAQ')}
              </a>
            </li>
          )}
          {unsubscribe_url && (
            <li>
              <a className="button button--text-link" href={unsubscribe_url}>
                {gettext('Unsubscribe')}
              </a>
            </li>
          )}
        </ul>
      )}
    </footer>
  );
}

/**
 * The email signup page: body blocks, then a panel with the pre-form content, the signup form
 * (or a thank-you once signed up without a landing page), the legal text and the help links.
 */
export default function EmailSignup({ title, body, pre_form_content, legal_text, faq_url, unsubscribe_url, form, occasions, terms_url, confirmation_pending }: EmailSignupProps) {
  return (
    <article className="template-signup container">
      <h1 className="page-title">{title}</h1>
      <PageStreamField blocks={body} />
      <section className="signup-panel" id="email-signup" aria-label={gettext('Email signup')}>
        {pre_form_content.length > 0 && <PageStreamField blocks={pre_form_content} className="signup-panel__intro" />}
        {form ? (
          <EmailSignupForm form={form} occasions={occasions} termsUrl={terms_url} />
        ) : (
          <p className="form-confirmation" role="status">
            {confirmation_pending
              ? gettext('Thanks for signing up! Check your inbox to confirm your subscription: we sent you a link.')
              : gettext('Thanks for signing up! Watch your inbox for our welcome email.')}
          </p>
        )}
        <EmailSignupFooter legal_text={legal_text} faq_url={faq_url} unsubscribe_url={unsubscribe_url} />
      </section>
    </article>
  );
}
