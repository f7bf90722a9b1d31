import type { Request, RequestHandler, Response } from 'express';
import type { Page } from '../db/schema';
import { createImageLoader } from '../blocks/references';
import { findPageByUrlPath } from '../models/pages';
import { firstUnmetRestriction, restrictionsForPage } from '../models/view-restrictions';
import { PAGE_TYPES } from '../pagetypes/index';
import { passwordFormResponse } from './restricted-pages';
import type { PageResponder, PublicViewOptions } from './page-response';
import { resolveRequestSite, type RequestSite } from './site-request';

/** Raised when a stored page cannot be served: its type is unknown or its content invalid. */
export class PageContentError extends Error {
  override name = 'PageContentError';
}

/** The public site: page tree lookup, view restrictions, page type props and the 404 page. */
export function publicPages(options: PublicViewOptions, responder: PageResponder) {
  const { db, logger, storage } = options;

  /**
   * Renders a page with its type's template: fields checked by the type's schema, props from
   * getProps. The public catch-all and the admin preview (a draft's content) both use it.
   */
  async function sendPage(req: Request, res: Response, site: RequestSite, page: Page): Promise<void> {
    const pageType = PAGE_TYPES[page.page_type];
    if (!pageType) throw new PageContentError(`Page ${page.id} has unknown page type "${page.page_type}"`);
    const fields = pageType.fields.safeParse(page.content);
    if (!fields.success) {
      throw new PageContentError(`Page ${page.id} (${page.page_type}) has invalid content: ${fields.error.issues[0]?.message}`);
    }
    const props = await pageType.getProps(page, fields.data, {
      db,
      logger: req.log ?? logger,
      storage,
      siteRoot: site.root,
      imageLoader: createImageLoader(db),
      site: site.site,
      query: queryStrings(req.query),
      submitted: false,
    });
    await responder.send(req, res, site, {
      template: pageType.template,
      props: props as Record<string, unknown>,
      head: headFor(page, pageType.robots),
    });
  }

  /** The catch-all: site by Host, page by url path, props by page type, server render. */
  const servePage: RequestHandler = async (req, res) => {
    const site = await resolveRequestSite(db, req);
    const components = pathComponents(req.path);
    const page = site && components && (await findPageByUrlPath(db, site.root, components, { liveOnly: true }));
    if (!site || !page) return responder.notFound(req, res, site);

    const restrictions = await restrictionsForPage(db, page);
    // A restricted page differs per visitor: shared caches must not keep it.
    if (restrictions.length > 0) res.set('Cache-Control', 'private, no-store');
    const unmet = firstUnmetRestriction(restrictions, req.session);
    if (unmet?.restriction_type === 'login') return res.redirect(302, `/_util/login/?next=${encodeURIComponent(req.originalUrl)}`);
    if (unmet) return responder.send(req, res, site, passwordFormResponse(unmet, page, req.originalUrl, null));

    await sendPage(req, res, site, page);
  };

  /** /error-pages/404/: the not-found page on purpose, for checking how it looks. */
  const notFoundPreview: RequestHandler = async (req, res) => responder.notFound(req, res, await resolveRequestSite(db, req));

  /** Any address without its trailing slash is redirected to it, as Django's APPEND_SLASH does. */
  const appendSlash: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.endsWith('/') || /\.[a-z0-9]+$/i.test(req.path)) return next();
    const queryStart = req.originalUrl.indexOf('?');
    const query = queryStart >= 0 ? req.originalUrl.slice(queryStart) : '';
    // Collapse leading slashes: '//evil.example' must not become a protocol-relative redirect.
    res.redirect(301, `/${req.path.replace(/^\/+/, '')}/${query}`);
  };

  return { servePage, sendPage, notFoundPreview, appendSlash };
}

/** The public page views, as publicPages builds them. */
export type PublicPages = ReturnType<typeof publicPages>;

function headFor(page: Page, robots: string | undefined) {
  return { title: page.seo_title || page.title, description: page.search_description || undefined, robots };
}

/** The decoded, non-empty path segments, or undefined when a segment is malformed. */
function pathComponents(urlPath: string): string[] | undefined {
  try {
    return urlPath.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function queryStrings(query: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') result[key] = value;
  return result;
}
