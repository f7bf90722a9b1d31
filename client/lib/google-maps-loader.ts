/// <reference types="google.maps" />
/**
 * Loads the Google Maps JavaScript API with retries (SPEC §9: the loader retries 3 times). The
 * page shell already starts the script when a key is set; a failed load is replaced by a fresh
 * script element, and every failure is logged.
 */

/** How many times the API is tried before the map gives up. */
export const MAPS_LOAD_ATTEMPTS = 3;
/** How long one attempt may take; the shell's own script may have failed before we listened. */
const MAPS_ATTEMPT_TIMEOUT_MS = 8000;
const MAPS_SCRIPT_SELECTOR = 'script[data-outside="maps"]';
const DEFAULT_MAPS_SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';

/** Whether the API is ready to import libraries. */
export function isGoogleMapsReady(): boolean {
  return typeof window !== 'undefined' && typeof window.google?.maps?.importLibrary === 'function';
}

let loading: Promise<void> | undefined;

/** Resolves when the API is ready; rejects after MAPS_LOAD_ATTEMPTS failed attempts. */
export function loadGoogleMaps(apiKey: string): Promise<void> {
  loading ??= loadWithRetries(apiKey).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function loadWithRetries(apiKey: string): Promise<void> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= MAPS_LOAD_ATTEMPTS; attempt++) {
    try {
      await attemptLoad(apiKey, attempt === 1);
      return;
    } catch (error) {
      lastError = error;
      console.warn(`Google Maps did not load (attempt ${attempt} of ${MAPS_LOAD_ATTEMPTS})`, error);
    }
  }
  throw new Error(`Google Maps did not load after ${MAPS_LOAD_ATTEMPTS} attempts`, { cause: lastError });
}

// The first attempt waits for the shell's script; later ones replace it with a fresh element.
function attemptLoad(apiKey: string, reuseShellScript: boolean): Promise<void> {
  if (isGoogleMapsReady()) return Promise.resolve();
  const existing = document.querySelector<HTMLScriptElement>(MAPS_SCRIPT_SELECTOR);
  const script = existing && reuseShellScript ? existing : replaceScript(existing, apiKey);
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      window.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onLoad = () => finish(isGoogleMapsReady() ? undefined : new Error('The maps script ran but google.maps is missing'));
    const onError = () => finish(new Error(`The maps script failed to load: ${script.src}`));
    const timer = window.setTimeout(() => finish(isGoogleMapsReady() ? undefined : new Error('The maps script timed out')), MAPS_ATTEMPT_TIMEOUT_MS);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    if (isGoogleMapsReady()) finish();
  });
}

function replaceScript(previous: HTMLScriptElement | null, apiKey: string): HTMLScriptElement {
  const script = document.createElement('script');
  const src = new URL(previous?.src || DEFAULT_MAPS_SCRIPT_URL);
  src.searchParams.set('key', apiKey);
  src.searchParams.set('loading', 'async');
  if (!src.searchParams.has('libraries')) src.searchParams.set('libraries', 'places,geometry');
  script.src = src.toString();
  script.async = true;
  script.dataset.outside = 'maps';
  previous?.remove();
  document.head.append(script);
  return script;
}
