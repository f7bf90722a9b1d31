import PageStreamField from '../blocks/PageStreamField';
import type { RenderedBlock } from '../blocks/types';
import { backgroundClassName, type BackgroundStyle } from '../lib/background-styles';

/** Props of the 'utility page' template (SPEC §3 "Utility page"). */
export interface UtilityPageProps {
  title: string;
  background_style: BackgroundStyle;
  body: RenderedBlock[];
}

/** A page painted in one of the six background styles, with its title and body blocks. */
export default function UtilityPage({ title, background_style, body }: UtilityPageProps) {
  return (
    <div className={`template-utility ${backgroundClassName(background_style)}`}>
      <article className="template-utility__inner container">
        <h1 className="page-title">{title}</h1>
        <PageStreamField blocks={body} />
      </article>
    </div>
  );
}
