import PageStreamField from '../blocks/PageStreamField';
import type { RenderedBlock } from '../blocks/types';

/** Props of the 'home page' template. */
export interface HomePageProps {
  title: string;
  body: RenderedBlock[];
}

/** The home page: its body blocks, the first of which is usually a hero. */
export default function HomePage({ title, body }: HomePageProps) {
  return (
    <div className="template-home">
      <h1 className="visually-hidden">{title}</h1>
      <PageStreamField blocks={body} />
    </div>
  );
}
