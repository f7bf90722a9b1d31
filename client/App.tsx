import { createElement, type ComponentType } from 'react';
import type { TemplateModule } from './templates/index';
import Footer from './components/Footer';
import Header from './components/Header';
import VisitorPanels from './components/visitor-panels/VisitorPanels';
import { PageContextProvider } from './lib/page-context';
import type { PageContext, PageLayout } from './lib/page-data';

/** Props of the whole page: the template component chosen by name, its props and the context. */
export interface AppProps {
  template: TemplateModule['default'];
  props: Record<string, unknown>;
  context: PageContext;
  layout: PageLayout;
}

/** The page shell around a template (or the template alone, bare); rendered on the server and hydrated in the browser. */
export default function App({ template, props, context, layout }: AppProps) {
  const content = createElement(template as ComponentType<Record<string, unknown>>, props);
  if (layout === 'bare') return <PageContextProvider value={context}>{content}</PageContextProvider>;
  return (
    <PageContextProvider value={context}>
      <Header />
      <main id="main-content" tabIndex={-1}>
        {content}
      </main>
      <Footer />
      <VisitorPanels />
    </PageContextProvider>
  );
}
