import { expect } from 'chai';
import { createElement, useId } from 'react';
import { renderToString } from 'react-dom/server';
import App, { type AppProps } from '../../client/App';
import type { PageContext, PageLayout, SiteChrome } from '../../client/lib/page-data';
import { renderPageBody } from '../../server/page-body';
import { DEMO_FOOTER, DEMO_HEADER } from '../../server/seed/demo-content';

const siteChrome = (overrides: Partial<SiteChrome> = {}): SiteChrome => ({
  brandName: 'Red Harbor',
  tagline: 'Fresh & local',
  nationalPhone: '1-800-555-0199',
  accountLoginUrl: '/account/login',
  menu: [{ title: 'Menu', url: '/menu/' }],
  header: DEMO_HEADER,
  footer: DEMO_FOOTER,
  accessibilityServiceUrl: 'https://access.example/report',
  locatorUrl: '/locations-map/',
  googleMapsApiKey: null,
  ...overrides,
});

const contextAt = (site: SiteChrome, url: string): PageContext => ({
  SENTRY_DSN: null,
  CI_COMMIT_SHA: 'test',
  CI_COMMIT_REF_SLUG: 'test',
  i18n: { language: { code: 'en-US' }, catalog: {} },
  csrf_token: '',
  request: { url },
  site,
});

/** Content with what a render shares across the tree: ids from useId, adjacent texts, and images React preloads (or not, lazy). */
function Content({ name }: { name: string }) {
  const id = useId();
  return createElement(
    'section',
    null,
    createElement('label', { htmlFor: id }, 'Your name, ', name),
    createElement('input', { id }),
    createElement('img', { src: '/media/images/hero.webp', srcSet: '/media/images/hero-640.webp 640w', sizes: '100vw', alt: '' }),
    createElement('img', { src: '/media/images/later.webp', loading: 'lazy', alt: '' }),
    'Fresh ',
    'lobster',
  );
}

const NoImages = () => createElement('p', null, 'Nothing to preload');

/** What the server puts in the page's root element. */
function served(context: PageContext, template: AppProps['template'], props: Record<string, unknown>, layout: PageLayout = 'page'): string {
  const body = renderPageBody({ template, props, context, layout });
  return Buffer.concat([...body.before, Buffer.from(body.text), ...body.after]).toString();
}

/** The page as React renders its whole tree, which the browser hydrates. */
const whole = (context: PageContext, template: AppProps['template'], props: Record<string, unknown>, layout: PageLayout = 'page') =>
  renderToString(createElement(App, { template, props, context, layout }));

describe('a page’s body with its site’s chrome rendered once', () => {
  // In both regions (the US one is the whole host), in one, in none: three footers.
  const addresses = ['https://www.redharbor.example/ca/menu/', 'https://www.redharbor.example/menu/', 'http://harbor.test/menu/'];

  it('is the HTML of the whole page’s render, in every region, with ids, texts and image preloads in place', () => {
    const site = siteChrome();
    for (const url of addresses) {
      for (const [template, props] of [
        [Content, { name: 'Ann' }],
        [NoImages, {}],
      ] as const) {
        const context = contextAt(site, url);
        const html = served(context, template, props);
        expect(html, url).to.equal(whole(context, template, props));
        // Rendered a second time from the kept chrome, for another page of the same footer.
        expect(served(contextAt(site, url), template, props), url).to.equal(html);
      }
    }
    const inCanada = served(contextAt(site, addresses[0]!), NoImages, {});
    const inTheUs = served(contextAt(site, addresses[1]!), NoImages, {});
    expect(inCanada).to.not.include('>Canada</a>');
    expect(inTheUs).to.include('>Canada</a>').and.not.include('>United States</a>');
    expect(served(contextAt(site, addresses[2]!), NoImages, {})).to.include('>United States</a>');
    expect(served(contextAt(site, addresses[0]!), Content, { name: 'Ann' })).to.match(/^<link rel="preload" as="image"[^>]*hero-640[^>]*><header/);
  });

  it('keeps a site’s chrome until the site’s chrome is another object: an edit shows on the next page', () => {
    const url = 'http://harbor.test/';
    expect(served(contextAt(siteChrome(), url), NoImages, {})).to.include('Fresh &amp; local');
    const edited = contextAt(siteChrome({ tagline: 'Landed this morning' }), url);
    expect(served(edited, NoImages, {}))
      .to.include('Landed this morning')
      .and.not.include('Fresh &amp; local');
  });

  it('renders the page whole where its chrome cannot be split, the same HTML all the same', () => {
    const emptyMain = '<main id="main-content" tabindex="-1"></main>';
    for (const legal_text of [`<p>${emptyMain}</p>`, '<p>Terms</p><meta name="x" content="y">']) {
      const context = contextAt(siteChrome({ footer: { ...DEMO_FOOTER, legal_text } }), 'http://harbor.test/');
      expect(served(context, Content, { name: 'Bo' })).to.equal(whole(context, Content, { name: 'Bo' }));
    }
  });

  it('renders a bare page (the embedded footer) whole, without the site’s chrome around it', () => {
    const context = contextAt(siteChrome(), 'http://harbor.test/');
    const html = served(context, NoImages, {}, 'bare');
    expect(html).to.equal('<p>Nothing to preload</p>');
  });
});
