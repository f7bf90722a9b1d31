import { expect } from 'chai';
import type { PreloadedData, SiteChrome } from '../../client/lib/page-data';
import { request, type TestServer } from './server';

const PRELOADED_SCRIPT = /<script type="application\/json" id="preloaded">([\s\S]*?)<\/script>/;

/** The preloaded JSON of a rendered page. */
export function preloadedOf(html: string): PreloadedData {
  const match = PRELOADED_SCRIPT.exec(html);
  expect(match, 'preloaded JSON script').to.not.equal(null);
  return JSON.parse(match![1]!) as PreloadedData;
}

/** The rendered page without its preloaded JSON, whose catalog holds every message. */
export function withoutPreloaded(html: string): string {
  return html.replace(PRELOADED_SCRIPT, '');
}

/** The site's chrome a rendered page names for its hydration, as the page's host serves it. */
export async function siteChromeOf(server: TestServer, host: string, html: string): Promise<SiteChrome> {
  const { siteChrome } = preloadedOf(html);
  const response = await request(server, siteChrome, { host });
  expect(response.status, `GET ${siteChrome}`).to.equal(200);
  return JSON.parse(response.body) as SiteChrome;
}
