import { HOSTED_CAPTCHAS } from './captcha/siteverify';
import type { Config } from './config';

/** A third-party script the page shell loads because its setting is present. */
export interface OutsideScript {
  name: 'consent' | 'tag-manager' | 'maps' | 'footer' | 'captcha';
  src: string;
}

/** Third-party scripts to load, each only when its setting is present (SPEC §7). */
export function configuredOutsideScripts(config: Config): OutsideScript[] {
  const scripts: OutsideScript[] = [];
  if (config.CONSENT_SCRIPT_URL) scripts.push({ name: 'consent', src: config.CONSENT_SCRIPT_URL });
  if (config.TAG_MANAGER_SCRIPT_URL) scripts.push({ name: 'tag-manager', src: config.TAG_MANAGER_SCRIPT_URL });
  if (config.GOOGLE_MAPS_API_KEY) {
    const maps = new URL(config.MAPS_SCRIPT_URL);
    maps.searchParams.set('key', config.GOOGLE_MAPS_API_KEY);
    maps.searchParams.set('libraries', 'places,geometry');
    maps.searchParams.set('loading', 'async');
    scripts.push({ name: 'maps', src: maps.toString() });
  }
  if (config.FOOTER_SCRIPT_URL) scripts.push({ name: 'footer', src: config.FOOTER_SCRIPT_URL });
  // A hosted captcha needs its widget script; CAPTCHA_SCRIPT_URL names the domain to load it from.
  const captchaScript = config.CAPTCHA_SCRIPT_URL ?? (config.CAPTCHA_PROVIDER === 'builtin' ? undefined : HOSTED_CAPTCHAS[config.CAPTCHA_PROVIDER].scriptUrl);
  if (captchaScript) scripts.push({ name: 'captcha', src: captchaScript });
  return scripts;
}

/** The distinct origins of the given URLs, for the Content-Security-Policy. */
export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).origin))];
}
