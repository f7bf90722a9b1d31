import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { PageLayout, SiteChrome } from '../../client/lib/page-data';
import { gettext } from '../../client/lib/i18n';
import type { TemplateName } from '../../client/templates/index';
import type { CaptchaProvider } from '../captcha/provider';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media-storage';
import type { PageHead, PageRenderer } from '../render';
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
}

/** One rendered response. */
export interface PageResponse {
  template: TemplateName;
  props: Record<string, unknown>;
  head: PageHead;
  status?: number;
  layout?: PageLayout;
}

/** Sends rendered pages inside the site's chrome; used by every public HTML view. */
export function pageResponder({ db, config, logger, renderer }: PublicViewOptions) {
  /** The header, footer and settings of the request's site. */
  async function chromeFor(req: Request, site: RequestSite | undefined): Promise<SiteChrome> {
    return site ? loadSiteChrome(db, site.site, site.root, config, req.log ?? logger) : fallbackSiteChrome(config);
  }

  /** Renders and sends a page; `chrome` when the caller already loaded it. */
  async function send(req: Request, res: Response, site: RequestSite | undefined, response: PageResponse, chrome?: SiteChrome): Promise<void> {
    chrome ??= await chromeFor(req, site);
    const html = await renderer.render({ ...response, site: chrome, req, res });
    res.status(response.status ?? 200).type('html').send(html);
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

  return { chromeFor, send, notFound, gone };
}

/** The responder's type, for views that receive one. */
export type PageResponder = ReturnType<typeof pageResponder>;
