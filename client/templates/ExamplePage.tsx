import PageStreamField from '../blocks/PageStreamField';
import type { RenderedBlock } from '../blocks/types';

/** Props of the 'example page' template: the generic content page. */
export interface ExamplePageProps {
  title: string;
  body: RenderedBlock[];
  /** Present only when a submission on this page succeeded: shown instead of the body. */
  confirmation: RenderedBlock[] | null;
}

/** A generic content page: title and body blocks, or its confirmation content. */
export default function ExamplePage({ title, body, confirmation }: ExamplePageProps) {
  return (
    <article className="template-content container">
      <h1 className="page-title">{title}</h1>
      {confirmation ? <PageStreamField blocks={confirmation} className="confirmation" /> : <PageStreamField blocks={body} />}
    </article>
  );
}
