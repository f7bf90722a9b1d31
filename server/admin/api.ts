import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { CopyPageAction } from '../actions/copy-page';
import { DeletePageAction } from '../actions/delete-page';
import { LockPageAction, UnlockPageAction } from '../actions/lock-page';
import { MovePageAction } from '../actions/move-page';
import { PublishPageAction } from '../actions/publish-page';
import { RevertPageAction } from '../actions/revert-page';
import { UnpublishPageAction } from '../actions/unpublish-page';
import type { Db } from '../db/database';
import type { CollectionPermission, Document, Image, Page } from '../db/schema';
import { HttpError, NotFoundError, PermissionDenied, ValidationError } from '../errors';
import { findPageByUrlPath, getPage, getParent } from '../models/pages';
import { findDocument } from '../models/documents';
import { filterPages } from '../models/page-listing';
import { getImagesByIds, listImages } from '../models/images';
import type { UserPermissions } from '../models/permissions';
import { listMedia } from '../models/media-listing';
import { imageTagNames } from '../models/tags';
import { resolveRequestSite } from '../views/site-request';
import { permsOf } from './access';
import { liveLinksFor, type LiveLinks } from './sites-live-links';
import type { AdminContext } from './types';
import { databaseId } from '../db/database-id';
import { mediaPolicy } from '../models/permission-policies';

const BASE = '/api/main/pages';
const MAX_LIMIT = 100;

const listQuery = z.object({
  child_of: databaseId.optional(),
  descendant_of: databaseId.optional(),
  type: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** One page as the admin API shows it (Wagtail's field names); `links` builds its html_url. */
async function pageJson(db: Db, links: LiveLinks, page: Page, detail = false) {
  const parent = detail ? await getParent(db, page) : undefined;
  return {
    id: page.id,
    meta: {
      type: page.page_type,
      detail_url: `/wagtail${BASE}/${page.id}/`,
      html_url: links.absoluteUrlOf(page),
      slug: page.slug,
      url_path: page.url_path,
      first_published_at: page.first_published_at,
      last_published_at: page.last_published_at,
      latest_revision_created_at: page.latest_revision_created_at,
      status: { live: page.live, has_unpublished_changes: page.has_unpublished_changes, expired: page.expired, locked: page.locked },
      children: { count: page.numchild, listing_url: `/wagtail${BASE}/?child_of=${page.id}` },
      ...(detail ? { parent: parent ? { id: parent.id, title: parent.title } : null, go_live_at: page.go_live_at, expire_at: page.expire_at } : {}),
    },
    title: page.title,
    admin_display_title: page.draft_title,
  };
}

const moveBody = z.object({ destination_page_id: databaseId });
const copyBody = z.object({
  destination_page_id: databaseId,
  recursive: z.boolean().default(false),
  keep_live: z.boolean().default(false),
  slug: z.string().max(255).optional(),
  title: z.string().max(255).optional(),
});
const unpublishBody = z.object({ recursive: z.boolean().default(false) });
const revertBody = z.object({ revision_id: databaseId });

/** Runs one API action on a page; `now` is the admin clock's time, for actions that depend on it. */
type ActionRunner = (db: Db, page: Page, req: Request, res: Response, now: Date) => Promise<{ status: number; body: unknown }>;

function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
  return parsed.data;
}

async function destination(db: Db, pageId: number): Promise<Page> {
  const page = await getPage(db, pageId);
  if (!page) throw new ValidationError(`There is no destination page ${pageId}.`);
  return page;
}

/** The page actions the API offers, by Wagtail's names; each runs the same action object as the admin views. */
const ACTIONS: Record<string, ActionRunner> = {
  publish: async (db, page, req, res, now) => ({
    status: 200,
    body: await pageJson(db, await liveLinksFor(db, req), await new PublishPageAction(db, page, permsOf(res), { now }).execute(), true),
  }),
  unpublish: async (db, page, req, res) => {
    const { recursive } = parseBody(unpublishBody, req);
    const pages = await new UnpublishPageAction(db, page, permsOf(res), { includeDescendants: recursive }).execute();
    return { status: 200, body: { unpublished: pages.map((each) => each.id) } };
  },
  move: async (db, page, req, res) => {
    const body = parseBody(moveBody, req);
    return {
      status: 200,
      body: await pageJson(db, await liveLinksFor(db, req), await new MovePageAction(db, page, permsOf(res), await destination(db, body.destination_page_id)).execute(), true),
    };
  },
  copy: async (db, page, req, res) => {
    const body = parseBody(copyBody, req);
    const copy = await new CopyPageAction(db, page, permsOf(res), {
      destination: await destination(db, body.destination_page_id),
      recursive: body.recursive,
      keepLive: body.keep_live,
      slug: body.slug,
      title: body.title,
    }).execute();
    return { status: 201, body: await pageJson(db, await liveLinksFor(db, req), copy, true) };
  },
  delete: async (db, page, _req, res) => ({ status: 200, body: { deleted: await new DeletePageAction(db, page, permsOf(res)).execute() } }),
  lock: async (db, page, req, res) => ({ status: 200, body: await pageJson(db, await liveLinksFor(db, req), await new LockPageAction(db, page, permsOf(res)).execute(), true) }),
  unlock: async (db, page, req, res) => ({ status: 200, body: await pageJson(db, await liveLinksFor(db, req), await new UnlockPageAction(db, page, permsOf(res)).execute(), true) }),
  revert: async (db, page, req, res) => {
    const { revision_id } = parseBody(revertBody, req);
    const revision = await new RevertPageAction(db, page, permsOf(res), revision_id).execute();
    return { status: 200, body: { revision_id: revision.id } };
  },
};

/** Session auth for the API: JSON 403 instead of a redirect to the login page. */
const requireApiAccess: RequestHandler = function requireApiAccess(_req, res, next) {
  if (!res.locals.adminPerms?.canAccessAdmin) throw new PermissionDenied('Sign in to the admin first.');
  next();
};

/** Every API error as JSON: {message}. */
const jsonErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (!(error instanceof HttpError) || res.headersSent) return next(error);
  res.status(error.status).set('Cache-Control', 'no-store').json({ message: error.message });
};

/**
 * /wagtail/api/main/pages/: list with filters, {pk}, find/?html_path=, and
 * action/{action_name}/ (POST, CSRF-checked) with the same permission checks as the views.
 */
export function adminApiRouter({ db, clock }: AdminContext): Router {
  const router = Router();
  router.use('/api/', requireApiAccess);

  async function loadPage(req: Request): Promise<Page> {
    const pk = databaseId.safeParse(req.params.pk);
    const page = pk.success ? await getPage(db, pk.data) : undefined;
    if (!page) throw new NotFoundError('There is no page with this id.');
    return page;
  }

  router.get(`${BASE}/`, async (req, res) => {
    const query = listQuery.safeParse(req.query);
    if (!query.success) throw new ValidationError(query.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    const { child_of, descendant_of, type, search, limit, offset } = query.data;
    const ancestorOf = async (ancestorId: number | undefined) => {
      if (ancestorId === undefined) return undefined;
      const ancestor = await getPage(db, ancestorId);
      if (!ancestor) throw new ValidationError(`There is no page ${ancestorId}.`);
      return ancestor;
    };
    const links = await liveLinksFor(db, req);
    const { pages, total } = await filterPages(
      db,
      { childOf: await ancestorOf(child_of), descendantOf: await ancestorOf(descendant_of), pageType: type, titleContains: search },
      offset,
      limit,
    );
    res.set('Cache-Control', 'private, no-store').json({ meta: { total_count: total }, items: await Promise.all(pages.map((page) => pageJson(db, links, page))) });
  });

  router.get(`${BASE}/find/`, async (req, res) => {
    const htmlPath = typeof req.query.html_path === 'string' ? req.query.html_path : '';
    const site = await resolveRequestSite(db, req);
    const page = site && htmlPath.startsWith('/') ? await findPageByUrlPath(db, site.root, htmlPath.split('/'), { liveOnly: false }) : undefined;
    if (!page) throw new NotFoundError('No page has this address.');
    res.redirect(302, `/wagtail${BASE}/${page.id}/`);
  });

  router.get(`${BASE}/:pk/`, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await pageJson(db, await liveLinksFor(db, req), await loadPage(req), true));
  });

  router.post(`${BASE}/:pk/action/:action/`, async (req, res) => {
    const name = String(req.params.action);
    // hasOwn: a name like "constructor" must not reach Object.prototype.
    const runner = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
    if (!runner) throw new NotFoundError(`There is no action "${name}".`);
    const result = await runner(db, await loadPage(req), req, res, clock());
    res.status(result.status).set('Cache-Control', 'no-store').json(result.body);
  });

  router.use(mediaApiRouter(db));
  router.use('/api/', jsonErrors);
  return router;
}

const mediaListQuery = z.object({
  search: z.string().max(200).optional(),
  collection_id: databaseId.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Collection permissions that let a user see media through the API: choosing, adding or changing. */
const MEDIA_API_PERMISSIONS: readonly CollectionPermission[] = ['choose', 'add', 'change'];

/** Collections whose media the user sees through the API; undefined is all (superusers). */
function mediaApiCollections(perms: UserPermissions): number[] | undefined {
  const ids = new Set<number>();
  for (const permission of MEDIA_API_PERMISSIONS) {
    const permitted = mediaPolicy.collectionsUserHasPermissionFor(perms, permission);
    if (!permitted) return undefined;
    for (const id of permitted) ids.add(id);
  }
  return [...ids];
}

function imageJson(image: Image, tags: readonly string[]) {
  return {
    id: image.id,
    meta: { type: 'wagtailimages.Image', detail_url: `/wagtail${IMAGES_BASE}/${image.id}/`, tags },
    title: image.title,
    width: image.width,
    height: image.height,
    description: image.description,
    alt: image.description || image.title,
    collection: { id: image.collection_id },
    file_size: image.file_size,
  };
}

function documentJson(document: Document) {
  return {
    id: document.id,
    meta: { type: 'wagtaildocs.Document', detail_url: `/wagtail${DOCUMENTS_BASE}/${document.id}/`, download_url: `/documents/${document.id}/${encodeURIComponent(document.filename)}` },
    title: document.title,
    collection: { id: document.collection_id },
    file_size: document.file_size,
  };
}

const IMAGES_BASE = '/api/main/images';
const DOCUMENTS_BASE = '/api/main/documents';

/** /wagtail/api/main/images/ and documents/: Wagtail API v2 listings and details of the media the user may choose, add or change. */
function mediaApiRouter(db: Db): Router {
  const router = Router();

  function listing(req: Request, res: Response) {
    const query = mediaListQuery.safeParse(req.query);
    if (!query.success) throw new ValidationError(query.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    return { ...query.data, collections: mediaApiCollections(permsOf(res)) };
  }

  function visible(collections: number[] | undefined, collectionId: number): boolean {
    return !collections || collections.includes(collectionId);
  }

  function pk(req: Request): number {
    const id = databaseId.safeParse(req.params.pk);
    if (!id.success) throw new NotFoundError('There is no item with this id.');
    return id.data;
  }

  router.get(`${IMAGES_BASE}/`, async (req, res) => {
    const { limit, offset, collections, collection_id, search } = listing(req, res);
    const ordering = '-created_at' as const;
    const { images, total } = await listImages(db, { visibleCollectionIds: collections, collectionId: collection_id, q: search, ordering }, offset, limit);
    const tags = await imageTagNames(
      db,
      images.map((image) => image.id),
    );
    res.set('Cache-Control', 'private, no-store').json({ meta: { total_count: total }, items: images.map((image) => imageJson(image, tags.get(image.id) ?? [])) });
  });

  router.get(`${IMAGES_BASE}/:pk/`, async (req, res) => {
    const id = pk(req);
    const image = (await getImagesByIds(db, [id])).get(id);
    if (!image || !visible(mediaApiCollections(permsOf(res)), image.collection_id)) throw new NotFoundError('There is no image with this id.');
    const tags = await imageTagNames(db, [image.id]);
    res.set('Cache-Control', 'private, no-store').json(imageJson(image, tags.get(image.id) ?? []));
  });

  router.get(`${DOCUMENTS_BASE}/`, async (req, res) => {
    const { limit, offset, collections, collection_id, search } = listing(req, res);
    const { rows, total } = await listMedia(db, 'documents', { text: search ?? '', collectionIds: collections, collectionId: collection_id, ordering: '-created_at', offset, limit });
    res.set('Cache-Control', 'private, no-store').json({ meta: { total_count: total }, items: rows.map(documentJson) });
  });

  router.get(`${DOCUMENTS_BASE}/:pk/`, async (req, res) => {
    const document = await findDocument(db, pk(req));
    if (!document || !visible(mediaApiCollections(permsOf(res)), document.collection_id)) throw new NotFoundError('There is no document with this id.');
    res.set('Cache-Control', 'private, no-store').json(documentJson(document));
  });

  return router;
}
