import { Router, type Request, type Response, type RequestHandler } from 'express';
import { SITE_CHROME_PATH } from '../../client/lib/page-data';
import { scriptsForTemplate, type AssetManifest } from '../asset-manifest';
import type { Db } from '../db/database';
import { publicListablePages } from '../models/public-pages';
import { getSiteSettings } from '../models/site-settings';
import { EMPTY_FOOTER } from '../pagetypes/footer-page';
import { isIndexablePageType } from '../pagetypes/indexable';
import { PAGE_TYPES } from '../pagetypes/index';
import { escapeHtml, isSiteChromeVersion, siteChromeFile } from '../render';
import { pageUrlWithinSite } from '../site-chrome';
import type { PageResponder, PublicViewOptions } from './page-response';
import { resolveRequestSite, siteOrigin, type RequestSite } from './site-request';
import { onlyUnder } from './route-paths';

/** sitemaps.org: at most 50,000 URLs in one sitemap file. */
const SITEMAP_MAX_URLS = 50_000;
const SECURITY_TXT_LIFETIME_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** One sitemap entry: a site-relative address and when it last changed, when known. */
interface SitemapEntry {
  url: string;
  lastModified: Date | null;
}

/**
 * The site's pages in tree order, each followed by the addresses it serves through its page
 * type's routes (the directory's city and local pages); an address listed once, the page's first.
 */
async function sitemapEntries(db: Db, site: RequestSite): Promise<SitemapEntry[]> {
  const pages = await publicListablePages(db, { siteRoot: site.root, under: site.root, inclusive: true, isIndexableType: isIndexablePageType });
  const seen = new Set(pages.map((page) => pageUrlWithinSite(page, site.root)));
  const entries: SitemapEntry[] = [];
  for (const page of pages) {
    entries.push({ url: pageUrlWithinSite(page, site.root), lastModified: page.last_published_at ? new Date(page.last_published_at) : null });
    const routed = (await PAGE_TYPES[page.page_type]?.routedUrls?.(page, { db, siteRoot: site.root })) ?? [];
    for (const url of routed.filter((candidate) => !seen.has(candidate))) {
      seen.add(url);
      entries.push({ url, lastModified: null });
    }
  }
  return entries.slice(0, SITEMAP_MAX_URLS);
}

function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ url, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeHtml(`${origin}${url}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The first day of the UTC day a year from now, so the value changes once a day. */
function securityTxtExpiry(now: number): string {
  return new Date(Math.floor((now + SECURITY_TXT_LIFETIME_MS) / DAY_MS) * DAY_MS).toISOString();
}

/**
 * Site-level files: sitemap, robots.txt, security.txt, the site's chrome its pages hydrate with,
 * the footer alone (/blocks/footer/) and the integration manifest partners use to embed it with
 * the current build's assets.
 */
export function siteFilesRouter(options: PublicViewOptions & { manifest: AssetManifest }, responder: PageResponder): RequestHandler {
  const { db, config, manifest } = options;
  const router = Router();

  const sendSitemap = async (req: Request, res: Response) => {
    const site = await resolveRequestSite(db, req);
    if (!site) return responder.notFound(req, res, site);
    const entries = await sitemapEntries(db, site);
    res
      .set('Cache-Control', 'public, max-age=3600')
      .type('application/xml')
      .send(sitemapXml(siteOrigin(req, site.site), entries));
  };
  router.get(['/sitemap.xml', '/sitemap/sitemap.xml'], sendSitemap);

  router.get('/robots.txt', async (req, res) => {
    const origin = siteOrigin(req, (await resolveRequestSite(db, req))?.site);
    const lines = ['User-agent: *', 'Disallow: /wagtail/', 'Disallow: /_util/', '', `Sitemap: ${origin}/sitemap.xml`, ''];
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain').send(lines.join('\n'));
  });

  router.get('/.well-known/security.txt', async (req, res) => {
    const site = await resolveRequestSite(db, req);
    const settings = site ? await getSiteSettings(db, site.site.id, req.log) : undefined;
    const lines = [
      `Contact: ${settings?.securityContact ?? 'mailto:security@redharbor.example'}`,
      `Expires: ${securityTxtExpiry(Date.now())}`,
      `Canonical: ${siteOrigin(req, site?.site)}/.well-known/security.txt`,
      `Preferred-Languages: ${config.LANGUAGE_CODE.split('-')[0]}`,
      '',
    ];
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain').send(lines.join('\n'));
  });

  router.get(`${SITE_CHROME_PATH}:file`, async (req, res) => {
    const site = await resolveRequestSite(db, req);
    const version = /^(\w+)\.json$/.exec(req.params.file)?.[1];
    if (!version || !isSiteChromeVersion(version)) return responder.notFound(req, res, site);
    const file = siteChromeFile(await responder.chromeFor(res.locals, site, req.log));
    res
      .set({
        // The chrome is what every page of the site shows; the footer block embedded elsewhere hydrates with it.
        'Access-Control-Allow-Origin': '*',
        // A version is never changed, so the browser keeps it. A page rendered before the chrome
        // changed (a CDN's stale copy) names an older one: it gets the chrome of now, never kept.
        'Cache-Control': file.version === version ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      .type('json')
      .send(file.body);
  });

  router.get(['/blocks/footer/', '/blocks/footer'], async (req, res) => {
    const site = await resolveRequestSite(db, req);
    if (!site) return responder.notFound(req, res, site);
    const chrome = await responder.chromeFor(res.locals, site, req.log);
    res.set({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' });
    await responder.send(
      req,
      res,
      site,
      { template: 'footer', layout: 'bare', props: { ...(chrome.footer ?? EMPTY_FOOTER) }, head: { title: chrome.brandName, robots: 'noindex' } },
      chrome,
    );
  });

  router.get('/integration-manifest.json', async (req, res) => {
    const origin = siteOrigin(req, (await resolveRequestSite(db, req))?.site);
    res.set({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' }).json({
      version: config.CI_COMMIT_SHA || manifest.entry.file,
      footer: { url: `${origin}/blocks/footer/` },
      styles: [`${origin}${manifest.css}`],
      scripts: scriptsForTemplate(manifest, 'footer').map((src) => ({ src: `${origin}${src}`, type: 'module' })),
    });
  });

  return onlyUnder(['/sitemap', '/robots.txt', '/.well-known/', SITE_CHROME_PATH, '/blocks/footer', '/integration-manifest.json'], router);
}
