import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import App from './App';
import { registerCatalog } from './lib/i18n';
import { PRELOADED_ELEMENT_ID, ROOT_ELEMENT_ID, type PreloadedData, type SiteChrome } from './lib/page-data';
import { isTemplateName, loadTemplate } from './templates/index';

function readPreloaded(): PreloadedData {
  const element = document.getElementById(PRELOADED_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no preloaded data to start from');
  return JSON.parse(element.textContent) as PreloadedData;
}

/**
 * The site's chrome the page was rendered in, from the origin this script came from: the site's
 * own, also where a page embedded in another site's (the footer block) loads it from. The head's
 * preload has usually fetched it already, and the browser keeps it across the site's pages.
 */
async function fetchSiteChrome(path: string): Promise<SiteChrome> {
  const response = await fetch(new URL(path, import.meta.url));
  if (!response.ok) throw new Error(`The site's chrome could not be loaded (${response.status})`);
  return (await response.json()) as SiteChrome;
}

/**
 * Marks the document hydrated once React has committed the page: a parent's effect runs after its
 * children's. A wrapper, not a sibling, so that the tree `useId` counts in is the server's.
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

async function start(): Promise<void> {
  const { template, props, context, layout, siteChrome } = readPreloaded();
  registerCatalog(context.i18n.catalog);
  if (context.SENTRY_DSN) {
    void import('./lib/sentry-browser').then(({ startErrorReporting }) => startErrorReporting(context));
  }
  if (!isTemplateName(template)) throw new Error(`Unknown template "${template}"`);
  const [{ default: component }, site] = await Promise.all([loadTemplate(template), fetchSiteChrome(siteChrome)]);
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!root) throw new Error(`The page has no #${ROOT_ELEMENT_ID} element to hydrate`);
  // As a transition, React hydrates in slices of a few milliseconds between the browser's other
  // work rather than in one long task; a tap on the page before it is done hydrates it at once.
  startTransition(() => {
    hydrateRoot(
      root,
      <MarkHydrated>
        <App template={component} props={props} context={{ ...context, site }} layout={layout} />
      </MarkHydrated>,
    );
  });
}

void start();
