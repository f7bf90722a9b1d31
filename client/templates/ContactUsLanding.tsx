import PageStreamField from '../blocks/PageStreamField';
import type { RenderedBlock } from '../blocks/types';

/** Props of the 'contact us landing page' template. */
export interface ContactUsLandingProps {
  title: string;
  body: RenderedBlock[];
  confirmation: RenderedBlock[];
}

/** Where a visitor lands after sending a message: body blocks and the confirmation content. */
export default function ContactUsLanding({ title, body, confirmation }: ContactUsLandingProps) {
  return (
    <article className="template-contact template-contact--landing container">
      <h1 className="page-title">{title}</h1>
      <PageStreamField blocks={body} />
      {confirmation.length > 0 && <PageStreamField blocks={confirmation} className="confirmation" />}
    </article>
  );
}
