import { renderToString } from 'react-dom/server';
import App, { chromeVariant, type AppProps } from '../client/App';
import type { PageContext, SiteChrome } from '../client/lib/page-data';
import { utf8Bytes } from './utf8-bytes';

/** A site's chrome as rendered around a page's main element: its UTF-8 bytes before and after it. */
interface ChromeAround {
  before: Buffer;
  after: Buffer;
  /** The start tag of the main element the chrome was split at. */
  mainStartTag: string;
}

/** Stands for the page's content where only the chrome is rendered: a whole page with nothing in its main element. */
const NoContent = () => null;

/** The main element with nothing in it, as React renders it: where the chrome is split. */
let emptyMain: string | undefined;

/**
 * What React hoists to the start of a render (preloads of the images it shows, metadata,
 * stylesheets, scripts). A page's own are emitted before its main element; a chrome with any of
 * its own would be emitted apart from them, and counted and deduplicated apart (React preloads
 * ten images at high priority), so such a chrome is not split. An icon's <title> is inside an
 * SVG, which React never hoists.
 */
const HOISTABLE = /<(?:link|meta|script|style)[\s>/]/i;

/**
 * Chromes kept per site chrome object (one a generation, shared by the site's pages) and variant;
 * null where the chrome cannot be split (it hoists resources of its own, or holds the empty main
 * element's markup again, in an editor's legal text, say), so its pages render whole.
 */
const chromesOf = new WeakMap<SiteChrome, Map<string, ChromeAround | null>>();

/** The variants kept for one site, at most: an address can only leave out regions that exist. */
const MOST_VARIANTS = 64;

/**
 * The chrome of a page of `context`, rendered once per site chrome and variant: header, footer
 * and panels were nine tenths of a city page's render, the same on every page of a site. The
 * page then renders only its main element (`part: 'main'`). Undefined when the page is to be
 * rendered whole.
 */
function chromeAround(context: PageContext): ChromeAround | undefined {
  let chromes = chromesOf.get(context.site);
  if (chromes === undefined) {
    chromes = new Map();
    chromesOf.set(context.site, chromes);
  }
  const variant = chromeVariant(context);
  let chrome = chromes.get(variant);
  if (chrome === undefined) {
    if (chromes.size >= MOST_VARIANTS) return undefined;
    chrome = splitChrome(context);
    chromes.set(variant, chrome);
  }
  return chrome ?? undefined;
}

function splitChrome(visitorContext: PageContext): ChromeAround | null {
  // Shown to every visitor of the site: rendered for none, so that no visitor's token could be kept in it.
  const context: PageContext = { ...visitorContext, csrf_token: '' };
  emptyMain ??= renderToString(<App template={NoContent} props={{}} context={context} layout="page" part="main" />);
  const html = renderToString(<App template={NoContent} props={{}} context={context} layout="page" part="whole" />);
  const at = html.indexOf(emptyMain);
  if (at === -1 || html.includes(emptyMain, at + 1) || HOISTABLE.test(html)) return null;
  return { before: utf8Bytes(html.slice(0, at)), after: utf8Bytes(html.slice(at + emptyMain.length)), mainStartTag: emptyMain.slice(0, emptyMain.indexOf('>') + 1) };
}

/** What goes in a page's root element: UTF-8 parts around one text, as `utf8Between` joins them. */
export interface PageBody {
  before: Buffer[];
  text: string;
  after: Buffer[];
}

/**
 * A page's root content, the same HTML as `renderToString` of its whole tree: its main element
 * rendered between the halves of its site's kept chrome, after what React hoisted of it (its
 * images' preloads, which a whole render emits first, before the header), else rendered whole.
 */
export function renderPageBody(app: Omit<AppProps, 'part'>): PageBody {
  const chrome = app.layout === 'page' ? chromeAround(app.context) : undefined;
  if (!chrome) return { before: [], text: renderToString(<App {...app} />), after: [] };
  const main = renderToString(<App {...app} part="main" />);
  const at = main.indexOf(chrome.mainStartTag);
  if (at === 0) return { before: [chrome.before], text: main, after: [chrome.after] };
  return { before: [utf8Bytes(main.slice(0, at)), chrome.before], text: main.slice(at), after: [chrome.after] };
}
