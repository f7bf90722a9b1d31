import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const catalogSchema = z.record(z.string(), z.string());

/**
 * The translation catalog for a language code ('en-us'), falling back to the base language
 * ('en') and then to none, in which case messages show in English as written.
 */
export function loadCatalog(languageCode: string): Record<string, string> {
  for (const code of [languageCode, languageCode.split('-')[0]!]) {
    let raw: string;
    try {
      raw = readFileSync(path.join(LOCALES_DIR, `${code}.json`), 'utf8');
    } catch {
      continue;
    }
    return catalogSchema.parse(JSON.parse(raw));
  }
  return {};
}
