import { hydrateRoot } from 'react-dom/client';
import App from './App';
import { registerCatalog } from './lib/i18n';
import { PRELOADED_ELEMENT_ID, ROOT_ELEMENT_ID, type PreloadedData } from './lib/page-data';
import { isTemplateName, loadTemplate } from './templates/index';

function readPreloaded(): PreloadedData {
  const element = document.getElementById(PRELOADED_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no preloaded data to start from');
  return JSON.parse(element.textContent) as PreloadedData;
}

async function start(): Promise<void> {
  const { template, props, context, layout } = readPreloaded();
  registerCatalog(context.i18n.catalog);
  if (context.SENTRY_DSN) {
    void import('./lib/sentry-browser').then(({ startErrorReporting }) => startErrorReporting(context));
  }
  if (!isTemplateName(template)) throw new Error(`Unknown template "${template}"`);
  const { default: component } = await loadTemplate(template);
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!root) throw new Error(`The page has no #${ROOT_ELEMENT_ID} element to hydrate`);
  hydrateRoot(root, <App template={component} props={props} context={context} layout={layout} />);
  document.documentElement.dataset.hydrated = 'true';
}

void start();
