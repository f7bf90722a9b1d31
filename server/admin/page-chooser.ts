/**
 * The back office's one page chooser, at Wagtail's addresses: `/wagtail/choose-page/` browses the
 * root's children, `/wagtail/choose-page/{parent_page_id}/` a page's children (with breadcrumbs),
 * `/wagtail/choose-page/search/?q=` searches titles; `?p=` pages through either. The StreamField
 * editor's page chooser picks any page (`?page_type=a,b` narrows it to those types); the move and
 * copy screens ask with `?user_perms=move_to|copy_to&target_pages={id}` and may pick only the
 * destinations the page's type and the user allow (admin-client/page-chooser/modal.ts shows it);
 * the bulk move names every page it moves (`target_pages=1,2,3`), and a destination must suit them all.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { PageChooserAnswer, PageChooserEntry } from '../../admin-client/page-chooser/schema';
import { gettext } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { NotFoundError, PermissionDenied, ValidationError } from '../errors';
import { getAncestors, getPage, getRootPage, PATH_STEP_LENGTH } from '../models/pages';
import { chooserCandidates, pagesAtPaths, subtreeFactsOf, type ChooserCandidate, type ChooserScope } from '../models/page-listing';
import type { UserPermissions } from '../models/permissions';
import { isAllowedUnder } from '../pagetypes/allowed-children';
import { PAGE_TYPES } from '../pagetypes/index';
import { CHOOSER_PAGE_SIZE } from './chooser-data';
import type { AdminContext } from './types';
import { databaseId } from '../db/database-id';
import { PagePermissionTester, type SubtreeFacts } from '../models/permission-policies';

/** Where the page chooser is served; the StreamField editor's page chooser URL. */
export const PAGE_CHOOSER_URL = '/wagtail/choose-page/';

/**
 * What may be chosen: a page to link to (any but the root, of the given types when there are
 * any), or where to move or copy `page` to.
 */
export type PageChoiceRule = { kind: 'link'; pageTypes: readonly string[] } | { kind: 'destination'; action: 'move' | 'copy'; targets: ReadonlyArray<ChoiceTarget> };

/** A page to be moved or copied, with the facts of its subtree that the move rule reads. */
export interface ChoiceTarget {
  page: Page;
  subtree: SubtreeFacts;
}

/**
 * Whether the rule lets the user choose this page. A destination needs a type that allows every
 * target page under it and the user's add permission there (a move of live pages also publish
 * permission there: PagePermissionTester.moveToRefusal), and a move may not go into a moved page's subtree. Several
 * targets are a bulk move: the destination must suit them all, as Wagtail's chooser asks.
 */
export function isChoosable(perms: UserPermissions, rule: PageChoiceRule, candidate: ChooserCandidate): boolean {
  if (rule.kind === 'link') return candidate.depth > 1 && (rule.pageTypes.length === 0 || rule.pageTypes.includes(candidate.page_type));
  if (hiddenSubtrees(rule).some((path) => candidate.path.startsWith(path))) return false;
  return rule.targets.every(({ page, subtree }) => {
    if (!isAllowedUnder(page.page_type, candidate.page_type)) return false;
    return rule.action === 'move' ? new PagePermissionTester(perms, page, subtree).moveToRefusal(candidate) === null : new PagePermissionTester(perms, candidate).canAddSubpage();
  });
}

// The pages being moved, with their subpages, are no place to move them to: the chooser leaves them out.
function hiddenSubtrees(rule: PageChoiceRule): string[] {
  return rule.kind === 'destination' && rule.action === 'move' ? rule.targets.map(({ page }) => page.path) : [];
}

/** One chooser request: a parent to browse (the root by default) or words to search, and a page. */
export interface PageChooserQuery {
  parent?: number;
  search?: string;
  page: number;
}

/** One screen of the chooser for a user under a rule, CHOOSER_PAGE_SIZE pages at a time in tree order. */
export async function pageChooserAnswer(db: Db, perms: UserPermissions, rule: PageChoiceRule, query: PageChooserQuery): Promise<PageChooserAnswer> {
  const hidden = hiddenSubtrees(rule);
  let parent: Page | undefined;
  let ancestors: Page[] = [];
  let scope: ChooserScope;
  if (query.search !== undefined) scope = { search: query.search };
  else {
    parent = query.parent === undefined ? await getRootPage(db) : await getPage(db, query.parent);
    if (!parent || hidden.some((path) => parent!.path.startsWith(path))) throw new NotFoundError('There is no page with this id.');
    ancestors = await getAncestors(db, parent, { inclusive: true });
    scope = { childrenOf: parent };
  }
  const found = await chooserCandidates(db, scope, hidden, (query.page - 1) * CHOOSER_PAGE_SIZE, CHOOSER_PAGE_SIZE + 1);
  const shown = found.slice(0, CHOOSER_PAGE_SIZE);
  const parentTitles = query.search === undefined ? new Map<string, string>() : await titlesOfParents(db, shown);
  const entry = (candidate: ChooserCandidate): PageChooserEntry => {
    const parentTitle = parentTitles.get(candidate.path.slice(0, -PATH_STEP_LENGTH));
    // The moved pages still count among their parents' children, but are not shown there.
    const hiddenChildren = hidden.filter((path) => candidate.path === path.slice(0, -PATH_STEP_LENGTH)).length;
    return {
      id: candidate.id,
      title: titleOf(candidate),
      type: PAGE_TYPES[candidate.page_type]?.label ?? candidate.page_type,
      ...(parentTitle === undefined ? {} : { parent_title: parentTitle }),
      selectable: isChoosable(perms, rule, candidate),
      browsable: candidate.numchild - hiddenChildren > 0,
    };
  };
  return { parent: parent ? entry(parent) : null, breadcrumbs: ancestors.map(entry), results: shown.map(entry), page: query.page, has_next: found.length > CHOOSER_PAGE_SIZE };
}

function titleOf(page: Pick<Page, 'depth' | 'draft_title'>): string {
  return page.depth === 1 ? gettext('Root') : page.draft_title;
}

async function titlesOfParents(db: Db, pages: readonly ChooserCandidate[]): Promise<Map<string, string>> {
  const parents = await pagesAtPaths(db, [...new Set(pages.map((page) => page.path.slice(0, -PATH_STEP_LENGTH)))]);
  return new Map(parents.map((parent) => [parent.path, titleOf(parent)]));
}

const requestSchema = z.object({
  q: z.string().trim().max(200).catch(''),
  p: z.coerce.number().int().min(1).max(10_000).catch(1),
  page_type: z
    .string()
    .max(2000)
    .transform((types) => types.split(',').filter(Boolean))
    .pipe(z.array(z.string().refine((type) => type in PAGE_TYPES, 'Unknown page type')))
    .default([]),
  user_perms: z.enum(['move_to', 'copy_to']).optional(),
  // Several, comma-separated, when a bulk move asks (Wagtail's chooser sends them so).
  target_pages: z
    .string()
    .max(6000)
    .transform((ids): unknown[] => ids.split(','))
    .pipe(z.array(databaseId).min(1).max(500))
    .optional(),
});

/** The chooser's JSON routes, for admin users only (403 JSON otherwise: a fetch cannot sign in). */
export function pageChooserRouter({ db }: Pick<AdminContext, 'db'>): Router {
  const router = Router();

  async function answer(req: Request, res: Response, where: { parent?: number; searching: boolean }) {
    const perms = res.locals.adminPerms;
    if (!perms?.canAccessAdmin) throw new PermissionDenied(perms ? 'You do not have permission to access the admin.' : 'Sign in to the admin first.');
    const parsed = requestSchema.safeParse(req.query);
    if (!parsed.success) throw new ValidationError(parsed.error.issues.map((issue) => issue.message).join('; '));
    const query = parsed.data;
    const rule = await ruleFor(perms, query);
    const searching = where.searching || query.q !== '';
    const body = await pageChooserAnswer(db, perms, rule, { ...(searching ? { search: query.q } : where.parent === undefined ? {} : { parent: where.parent }), page: query.p });
    res.set('Cache-Control', 'private, no-store').json(body);
  }

  async function ruleFor(perms: UserPermissions, query: z.infer<typeof requestSchema>): Promise<PageChoiceRule> {
    if (query.user_perms === undefined) return { kind: 'link', pageTypes: query.page_type };
    if (query.target_pages === undefined) throw new ValidationError('Say which page is to be moved or copied (target_pages).');
    const action = query.user_perms === 'move_to' ? 'move' : 'copy';
    const targets: ChoiceTarget[] = [];
    for (const id of new Set(query.target_pages)) {
      const page = await getPage(db, id);
      if (!page) throw new NotFoundError('There is no page with this id.');
      const subtree = await subtreeFactsOf(db, page);
      if (!new PagePermissionTester(perms, page, subtree).can(action === 'move' ? 'canMove' : 'canCopy'))
        throw new PermissionDenied(`You do not have permission to ${action} this page.`);
      targets.push({ page, subtree });
    }
    return { kind: 'destination', action, targets };
  }

  const path = PAGE_CHOOSER_URL.slice('/wagtail'.length);
  router.get(path, (req, res) => answer(req, res, { searching: false }));
  router.get(`${path}search/`, (req, res) => answer(req, res, { searching: true }));
  router.get(`${path}:parentId/`, (req, res) => {
    const parent = databaseId.safeParse(req.params.parentId);
    if (!parent.success) throw new NotFoundError('There is no page with this id.');
    return answer(req, res, { parent: parent.data, searching: false });
  });
  return router;
}
