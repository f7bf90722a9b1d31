import StreamField from '../components/StreamField';
import type { RenderedBlock } from '../blocks/types';
import { EmailSignupFooter, type EmailSignupFooterProps } from './EmailSignup';

/** Props of the 'email signup landing page' template. */
export interface EmailSignupLandingProps extends EmailSignupFooterProps {
  title: string;
  body: RenderedBlock[];
  confirmation: RenderedBlock[];
}

/** The signup variant shown after signing up (SPEC §2 item 3): body, confirmation, legal text and links. */
export default function EmailSignupLanding({ title, body, confirmation, legal_text, faq_url, unsubscribe_url }: EmailSignupLandingProps) {
  return (
    <article className="template-signup template-signup--landing container">
      <h1 className="page-title">{title}</h1>
      <StreamField blocks={body} />
      {confirmation.length > 0 && <StreamField blocks={confirmation} className="confirmation" />}
      <div className="signup-panel">
        <EmailSignupFooter legal_text={legal_text} faq_url={faq_url} unsubscribe_url={unsubscribe_url} />
      </div>
    </article>
  );
}
