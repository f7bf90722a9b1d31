import PageStreamField from '../blocks/PageStreamField';
import { gettext } from '../lib/i18n';
import type { RenderedBlock } from '../blocks/types';
import { EmailSignupFooter, type EmailSignupFooterProps } from './EmailSignup';

/** Props of the 'email signup landing page' template. */
export interface EmailSignupLandingProps extends EmailSignupFooterProps {
  title: string;
  body: RenderedBlock[];
  confirmation: RenderedBlock[];
  /** Signups wait for the address to confirm them (double opt-in), so the page says to check the inbox. */
  confirmation_pending: boolean;
}

/** The signup variant shown after signing up (SPEC §2 item 3): body, confirmation, legal text and links. */
export default function EmailSignupLanding({ title, body, confirmation, confirmation_pending, legal_text, faq_url, unsubscribe_url }: EmailSignupLandingProps) {
  return (
    <article className="template-signup template-signup--landing container">
      <h1 className="page-title">{title}</h1>
      <PageStreamField blocks={body} />
      {confirmation_pending && (
        <p className="form-confirmation" role="status">
          {gettext('Almost done! Check your inbox to confirm your subscription: the link we sent you makes it final.')}
        </p>
      )}
      {confirmation.length > 0 && <PageStreamField blocks={confirmation} className="confirmation" />}
      <div className="signup-panel">
        <EmailSignupFooter legal_text={legal_text} faq_url={faq_url} unsubscribe_url={unsubscribe_url} />
      </div>
    </article>
  );
}
