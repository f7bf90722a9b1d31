import { Router, type Request } from 'express';
import { z } from 'zod';
import { interpolate } from '../../client/lib/i18n';
import { BLOCKS } from '../blocks/index';
import type { BlockDefinition } from '../blocks/types';
import { NotFoundError } from '../errors';
import { getPage } from '../models/pages';
import { listSites } from '../models/sites';
import { resolveRequestSite, type RequestSite } from '../views/site-request';
import type { AdminContext } from './types';

/** Where the block preview is served; the block menu frames `?id={block type}`. */
export const BLOCK_PREVIEW_URL = '/wagtail/block-preview/';

const previewQuery = z.object({ id: z.string().max(100) });

/** The block named by `?id=`, when it declares a preview value; otherwise NotFoundError. */
function previewableBlock(query: unknown): BlockDefinition & { preview: unknown } {
  const parsed = previewQuery.safeParse(query);
  const block = parsed.success && Object.hasOwn(BLOCKS, parsed.data.id) ? BLOCKS[parsed.data.id] : undefined;
  if (!block || block.preview === undefined) throw new NotFoundError('There is no block with a preview of this name.');
  return block as BlockDefinition & { preview: unknown };
}

/**
 * The site whose settings the preview reads: the one the back office is reached at (the default
 * site when its host names none), else the first site, as every site shares the stylesheet.
 */
async function previewSite(db: AdminContext['db'], req: Request): Promise<RequestSite | undefined> {
  const requested = await resolveRequestSite(db, req);
  if (requested) return requested;
  const [first] = await listSites(db);
  const root = first && (await getPage(db, first.root_page_id));
  return first && root ? { site: first, root } : undefined;
}

/**
 * /wagtail/block-preview/?id={block type}: one block with its preview value, rendered by the
 * public site's own React component and stylesheet (as Wagtail 6.3's block preview), for the
 * editor's block menu. A preview value its schema refuses is a programming error, so it fails loudly.
 */
export function blockPreviewRouter({ db, sendBlocks }: AdminContext): Router {
  const router = Router();
  router.get(BLOCK_PREVIEW_URL.slice('/wagtail'.length), async (req, res) => {
    const block = previewableBlock(req.query);
    const value = block.schema.parse(block.preview);
    const site = await previewSite(db, req);
    if (!site) throw new NotFoundError('No site is set up, so there is no stylesheet to preview blocks in.');
    res.set('Cache-Control', 'private, no-store');
    res.set('X-Robots-Tag', 'noindex');
    const title = interpolate('Preview for {block_label} ({block_type})', { block_label: block.label, block_type: block.type });
    await sendBlocks(req, res, site, [{ type: block.type, id: `preview-${block.type}`, value }], title);
  });
  return router;
}
