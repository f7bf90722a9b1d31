import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const catalogSchema = z.record(z.string(), z.string());

function readCatalogFile(file: string): Record<string, string> {
  return catalogSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The translation catalog for one language code: `locales/{code}.json` merged with every
 * fragment in `locales/{code}/` (one per feature area), or undefined when there is none.
 */
function catalogFor(code: string): Record<string, string> | undefined {
  const file = path.join(LOCALES_DIR, `${code}.json`);
  const folder = path.join(LOCALES_DIR, code);
  const fragments = existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => path.join(folder, name))
    : [];
  if (!existsSync(file) && fragments.length === 0) return undefined;
  return Object.assign({}, ...[...(existsSync(file) ? [file] : []), ...fragments].map(readCatalogFile)) as Record<string, string>;
}

/**
 * The translation catalog for a language code ('en-us'), falling back to the base language
 * ('en') and then to none, in which case messages show in English as written.
 */
export function loadCatalog(languageCode: string): Record<string, string> {
  return catalogFor(languageCode) ?? catalogFor(languageCode.split('-')[0]!) ?? {};
}

/**
 * The part of a catalog a page sends to the browser: only the entries whose translation differs
 * from the message, since gettext answers the message itself for any other (en-US sends none).
 */
export function catalogForBrowser(catalog: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).filter(([message, translation]) => message !== translation));
}
