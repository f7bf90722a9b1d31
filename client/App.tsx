import { createElement, type ComponentType } from 'react';
import type { TemplateModule } from './templates/index';
import Footer from './components/Footer';
import { otherRegions } from './components/footer/RegionNav';
import Header from './components/Header';
import VisitorPanels from './components/visitor-panels/VisitorPanels';
import { PageContextProvider } from './lib/page-context';
import type { PageContext, PageLayout } from './lib/page-data';

/**
 * What of a page's tree to render: all of it (as the browser hydrates it), or only its main
 * element. The server renders a site's chrome once (a whole page with no content) and joins it
 * around each page's main element: the main element keeps its place in the tree, so its ids and
 * markup are those of the whole page.
 */
export type PagePart = 'whole' | 'main';

/** Tells apart the chromes a site's pages show: by the region links their addresses leave out. */
export function chromeVariant({ site, request }: Pick<PageContext, 'site' | 'request'>): string {
  const regions = site.footer?.region_nav.regions;
  return regions
    ? otherRegions(regions, request.url)
        .map((region) => region.id)
        .join(' ')
    : '';
}

/** Props of the whole page: the template component chosen by name, its props and the context. */
export interface AppProps {
  template: TemplateModule['default'];
  props: Record<string, unknown>;
  context: PageContext;
  layout: PageLayout;
  /** Defaults to 'whole'; a bare layout has no chrome and is always whole. */
  part?: PagePart;
}

/**
 * The page shell around a template (or the template alone, bare); rendered on the server and hydrated in the browser.
 * Its chrome reads the context's site and, through the region links, which regions the address
 * lies in, and nothing else: the server renders it once per site and `chromeVariant`.
 */
export default function App({ template, props, context, layout, part = 'whole' }: AppProps) {
  const content = createElement(template as ComponentType<Record<string, unknown>>, props);
  if (layout === 'bare') return <PageContextProvider value={context}>{content}</PageContextProvider>;
  const chrome = part !== 'main';
  // Left out as null, not dropped: each child keeps its index, which its useId ids are made from.
  return (
    <PageContextProvider value={context}>
      {chrome ? <Header /> : null}
      <main id="main-content" tabIndex={-1}>
        {content}
      </main>
      {chrome ? <Footer /> : null}
      {chrome ? <VisitorPanels /> : null}
    </PageContextProvider>
  );
}
