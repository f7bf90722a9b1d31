import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { PageLayout, SiteChrome } from '../../client/lib/page-data';
import { gettext } from '../../client/lib/i18n';
import { TEMPLATES_WITH_FORMS, type TemplateName } from '../../client/templates/index';
import type { CaptchaProvider } from '../captcha/provider';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media-storage';
import type { PageCache, RenderedPage } from '../page-cache/page-cache';
import type { PageAddress, PageHead, PageRenderer } from '../render';
import { fallbackSiteChrome, loadSiteChrome } from '../site-chrome';
import type { RequestSite } from './site-request';

/** What the public views need to answer with a rendered page. */
export interface PublicViewOptions {
  db: Db;
  storage: MediaStorage;
  config: Config;
  logger: Logger;
  renderer: PageRenderer;
  /** The captcha of visitor forms; pages with a form need it. */
  captcha?: CaptchaProvider;
  /** The time pages are built at (opening hours, schedules). */
  clock: Clock;
  /** Keeps anonymous page views; without it every view is rendered. */
  pageCache?: PageCache;
}

/** One rendered response. */
export interface PageResponse {
  template: TemplateName;
  props: Record<string, unknown>;
  head: PageHead;
  status?: number;
  layout?: PageLayout;
  /** The pages and snippets shown besides the site's chrome, as surrogate keys ('page-12'). */
  dependsOn?: readonly string[];
}

/** Sends rendered pages inside the site's chrome; used by every public HTML view. */
export function pageResponder({ db, config, logger, renderer, pageCache }: PublicViewOptions) {
  /** The header, footer and settings of the request's site; `locals`: the request's, where its generation is kept. */
  async function chromeFor(locals: Record<string, unknown>, site: RequestSite | undefined, log: Logger = logger): Promise<SiteChrome> {
    if (!site) return fallbackSiteChrome(config);
    const load = () => loadSiteChrome(db, site.site, site.root, config, log);
    return pageCache ? pageCache.perGeneration(locals, `chrome:${site.site.id}`, load) : load();
  }

  const dependsOnOf = (site: RequestSite | undefined, response: PageResponse) => [...(site ? [`site-${site.site.id}`] : []), ...(response.dependsOn ?? [])];

  /** Renders and sends a page; `chrome` when the caller already loaded it. */
  async function send(req: Request, res: Response, site: RequestSite | undefined, response: PageResponse, chrome?: SiteChrome): Promise<void> {
    chrome ??= await chromeFor(res.locals, site, req.log);
    const body = renderer.render(response, chrome, req, res);
    const status = response.status ?? 200;
    if (!pageCache) return void res.status(status).type('html').send(body);
    pageCache.send(req, res, { status, body, dependsOn: dependsOnOf(site, response), personal: TEMPLATES_WITH_FORMS.has(response.template) });
  }

  /** A page without a form, rendered for its address alone in its site's `chrome`: what a page view answered before the router shows. */
  function renderAt(address: PageAddress, site: RequestSite, chrome: SiteChrome, response: PageResponse): RenderedPage {
    const body = renderer.renderAt(response, chrome, address);
    return { status: response.status ?? 200, body, dependsOn: dependsOnOf(site, response), personal: false };
  }

  /** The 404 page: 'The page you are looking for does not exist, sorry.' */
  async function notFound(req: Request, res: Response, site: RequestSite | undefined): Promise<void> {
    const title = gettext('Page not found');
    await send(req, res, site, { template: 'error 404', props: { title }, head: { title, robots: 'noindex' }, status: 404 });
  }

  /** 410: what was here is gone for good (a closed restaurant), said on a page in the site's shell. */
  async function gone(req: Request, res: Response, site: RequestSite | undefined, { title, message }: { title: string; message: string }): Promise<void> {
    await send(req, res, site, { template: 'error 404', props: { title, code: 410, message }, head: { title, robots: 'noindex' }, status: 410 });
  }

  return { chromeFor, send, renderAt, notFound, gone };
}

/** The responder's type, for views that receive one. */
export type PageResponder = ReturnType<typeof pageResponder>;
