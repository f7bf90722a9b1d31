/**
 * The page bulk actions as Wagtail's wagtail/admin/views/pages/bulk_actions/ define them:
 * publish, unpublish, move and delete. Each runs the page's own action (server/actions) once per
 * page, so its rules, transaction and audit entry are the single-page ones; this module only
 * says which pages are offered, what the confirmation screen tells about each, and how the
 * outcome is worded.
 */
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { DeletePageAction } from '../actions/delete-page';
import { MovePageAction } from '../actions/move-page';
import type { PageAction } from '../actions/page-action';
import { PublishPageAction } from '../actions/publish-page';
import { UnpublishPageAction } from '../actions/unpublish-page';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { HttpError, PermissionDenied } from '../errors';
import { subtreeFactsOf } from '../models/page-listing';
import { getDescendants } from '../models/pages';
import type { DescendantCounts } from '../models/page-selection';
import type { UserPermissions } from '../models/permissions';
import { PagePermissionTester } from '../models/permission-policies';

/** The most pages one bulk action takes: ten screens of the explorer. */
export const MAX_SELECTED = 500;

/** From this many pages (subpages included) a delete asks for the site's name first: Wagtail's WAGTAILADMIN_UNSAFE_PAGE_DELETION_LIMIT. */
export const UNSAFE_PAGE_DELETION_LIMIT = 10;

/** The bulk actions on pages, in Wagtail's order of its footer buttons. */
export const PAGE_BULK_ACTIONS = ['move', 'delete', 'publish', 'unpublish'] as const;

/** One of PAGE_BULK_ACTIONS, as the address names it. */
export type PageBulkActionType = (typeof PAGE_BULK_ACTIONS)[number];

/** What the user chose on the confirmation screen. */
export interface BulkRunOptions {
  includeDescendants: boolean;
  /** Where a move puts the pages. */
  destination?: Page;
  now: Date;
}

/** What one page's run did: the subpages it took along, or why it failed. */
export type PageOutcome = { ok: true; page: Page; children: number } | { ok: false; page: Page; reason: string };

/** One bulk action: who may act on a page, what the screen says, how a page is done. */
export interface PageBulkAction {
  type: PageBulkActionType;
  /** The footer button and the confirmation heading ("Publish"). */
  label(): string;
  /** The footer button's accessible name ("Publish selected pages"). */
  ariaLabel(): string;
  /** The browser tab's title for `count` pages ("Publish 3 pages"). */
  title(count: number): string;
  question(): string;
  confirmLabel(): string;
  cancelLabel(): string;
  /** Heads the pages the user may not act on. */
  noAccessMessage(count: number): string;
  /** Whether the screen offers "Include descendants", given the selection's subpages. */
  offersDescendants(counts: DescendantCounts[]): boolean;
  /** The line under a page saying what else it concerns, if anything. */
  note(counts: DescendantCounts): string | null;
  /** Why the user may not act on the page, or null; the page's action's own rule. */
  refusal(db: Db, perms: UserPermissions, page: Page): Promise<string | null>;
  /** Acts on one page through its action; throws that action's refusals. */
  run(db: Db, perms: UserPermissions, page: Page, options: BulkRunOptions): Promise<number>;
  /** The summary shown after the run: Wagtail's "3 pages have been published". */
  successMessage(parents: number, children: number): string;
  /** Names one page that failed, with the reason. */
  failureMessage(title: string, reason: string): string;
  danger: boolean;
}

/** The refusal an action's check() gives for the page as it is now, or null when it would go ahead. */
async function refusalOf(action: PageAction<unknown>): Promise<string | null> {
  try {
    await action.check();
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return error.message;
    throw error;
  }
}

const parentPages = (count: number) => ngettext('{count} page', '{count} pages', count);
const childPages = (count: number) => ngettext('{count} child page', '{count} child pages', count);

/** "2 pages and 3 child pages have been published", or "2 pages have been published" without children. */
function summary(parents: number, children: number, alone: [singular: string, plural: string], withChildren: string): string {
  if (children > 0) return interpolate(withChildren, { parent_pages: parentPages(parents), child_pages: childPages(children) });
  return ngettext(alone[0], alone[1], parents);
}

const publish: PageBulkAction = {
  type: 'publish',
  label: () => gettext('Publish'),
  ariaLabel: () => gettext('Publish selected pages'),
  title: (count) => ngettext('Publish {count} page', 'Publish {count} pages', count),
  question: () => gettext('Are you sure you want to publish these pages?'),
  confirmLabel: () => gettext('Yes, publish'),
  cancelLabel: () => gettext("No, don't publish"),
  noAccessMessage: (count) => ngettext("You don't have permission to publish this page", "You don't have permission to publish these pages", count),
  offersDescendants: (counts) => counts.some((each) => each.all > each.live),
  note: (counts) => (counts.all > counts.live ? ngettext('This page has one unpublished subpage', 'This page has {count} unpublished subpages', counts.all - counts.live) : null),
  refusal: (db, perms, page) => refusalOf(new PublishPageAction(db, page, perms)),
  async run(db, perms, page, options) {
    await new PublishPageAction(db, page, perms, { now: options.now }).execute();
    if (!options.includeDescendants) return 0;
    // As Wagtail: the draft subpages the user may publish follow; the others stay drafts.
    let children = 0;
    for (const draft of await getDescendants(db, page)) {
      if (draft.live) continue;
      const action = new PublishPageAction(db, draft, perms, { now: options.now });
      if ((await refusalOf(action)) !== null) continue;
      await action.execute();
      children += 1;
    }
    return children;
  },
  successMessage: (parents, children) =>
    summary(parents, children, ['{count} page has been published', '{count} pages have been published'], '{parent_pages} and {child_pages} have been published'),
  failureMessage: (title, reason) => interpolate('"{title}" could not be published: {reason}', { title, reason }),
  danger: false,
};

const unpublish: PageBulkAction = {
  type: 'unpublish',
  label: () => gettext('Unpublish'),
  ariaLabel: () => gettext('Unpublish selected pages'),
  title: (count) => ngettext('Unpublish {count} page', 'Unpublish {count} pages', count),
  question: () => gettext('Are you sure you want to unpublish these pages?'),
  confirmLabel: () => gettext('Yes, unpublish'),
  cancelLabel: () => gettext("No, don't unpublish"),
  noAccessMessage: (count) => ngettext("You don't have permission to unpublish this page", "You don't have permission to unpublish these pages", count),
  offersDescendants: (counts) => counts.some((each) => each.live > 0),
  note: (counts) => (counts.live > 0 ? ngettext('This page has one subpage', 'This page has {count} subpages', counts.live) : null),
  refusal: (db, perms, page) => refusalOf(new UnpublishPageAction(db, page, perms)),
  async run(db, perms, page, options) {
    const unpublished = await new UnpublishPageAction(db, page, perms, { includeDescendants: options.includeDescendants }).execute();
    return unpublished.filter((each) => each.id !== page.id).length;
  },
  successMessage: (parents, children) =>
    summary(parents, children, ['{count} page has been unpublished', '{count} pages have been unpublished'], '{parent_pages} and {child_pages} have been unpublished'),
  failureMessage: (title, reason) => interpolate('"{title}" could not be unpublished: {reason}', { title, reason }),
  danger: false,
};

const move: PageBulkAction = {
  type: 'move',
  label: () => gettext('Move'),
  ariaLabel: () => gettext('Move selected pages'),
  title: (count) => ngettext('Move {count} page', 'Move {count} pages', count),
  question: () => gettext('Are you sure you want to move these pages?'),
  confirmLabel: () => gettext('Yes, move these pages'),
  cancelLabel: () => gettext("No, don't move"),
  noAccessMessage: (count) => ngettext("You don't have permission to move this page", "You don't have permission to move these pages", count),
  offersDescendants: () => false,
  note: (counts) => (counts.all > 0 ? ngettext('This page has one child page', 'This page has {count} child pages', counts.all) : null),
  // The destination is chosen on the screen; MovePageAction checks it again when the page goes.
  refusal: async (db, perms, page) => new PagePermissionTester(perms, page, await subtreeFactsOf(db, page)).removalRefusal('move'),
  async run(db, perms, page, options) {
    if (!options.destination) throw new PermissionDenied(gettext('Choose where to move the pages.'));
    await new MovePageAction(db, page, perms, options.destination).execute();
    return 0;
  },
  successMessage: (parents) => ngettext('{count} page has been moved', '{count} pages have been moved', parents),
  failureMessage: (title, reason) => interpolate('"{title}" could not be moved: {reason}', { title, reason }),
  danger: false,
};

const remove: PageBulkAction = {
  type: 'delete',
  label: () => gettext('Delete'),
  ariaLabel: () => gettext('Delete selected pages'),
  title: (count) => ngettext('Delete {count} page', 'Delete {count} pages', count),
  question: () => gettext('Are you sure you want to delete these pages?'),
  confirmLabel: () => gettext('Yes, delete'),
  cancelLabel: () => gettext("No, don't delete"),
  noAccessMessage: (count) => ngettext("You don't have permission to delete this page", "You don't have permission to delete these pages", count),
  offersDescendants: () => false,
  note: (counts) => (counts.all > 0 ? ngettext('This will also delete one more subpage.', 'This will also delete {count} more subpages.', counts.all) : null),
  refusal: (db, perms, page) => refusalOf(new DeletePageAction(db, page, perms)),
  async run(db, perms, page) {
    return (await new DeletePageAction(db, page, perms).execute()) - 1;
  },
  successMessage: (parents, children) =>
    summary(parents, children, ['{count} page has been deleted', '{count} pages have been deleted'], '{parent_pages} and {child_pages} have been deleted'),
  failureMessage: (title, reason) => interpolate('"{title}" could not be deleted: {reason}', { title, reason }),
  danger: true,
};

/** Each bulk action by the name its address uses. */
export const BULK_ACTIONS: Record<PageBulkActionType, PageBulkAction> = { publish, unpublish, move, delete: remove };

/** The pages of a selection that lie under no other selected page: what a subtree action runs on. */
export function outermostPages(pages: readonly Page[]): Page[] {
  return pages.filter((page) => !pages.some((other) => other.id !== page.id && page.path.startsWith(other.path)));
}

/**
 * Runs the action on each page in turn, each in its own transaction, so one page's refusal
 * (a lock taken since the screen was shown, a past expiry) leaves the others done; the refusal
 * is that page's outcome. A page whose ancestor is also selected goes with it when the action
 * takes subtrees along (delete), as Wagtail does, and is not run twice.
 */
export async function runBulkAction(db: Db, perms: UserPermissions, action: PageBulkAction, pages: readonly Page[], options: BulkRunOptions): Promise<PageOutcome[]> {
  const selected = action.type === 'delete' ? outermostPages(pages) : pages;
  const outcomes: PageOutcome[] = [];
  for (const page of selected) {
    try {
      outcomes.push({ ok: true, page, children: await action.run(db, perms, page, options) });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      outcomes.push({ ok: false, page, reason: error.message });
    }
  }
  return outcomes;
}

/** The footer's buttons under a page listing, in Wagtail's order. */
export function bulkActionChoices() {
  return PAGE_BULK_ACTIONS.map((type) => {
    const action = BULK_ACTIONS[type];
    return { type, label: action.label(), ariaLabel: action.ariaLabel(), danger: action.danger };
  });
}

/**
 * Wagtail's "Select all N pages in listing", offered under a parent's children when they run to
 * more than one screen (and no more than one bulk action takes).
 */
export function bulkListingChoice(parentId: number, total: number, shown: number) {
  if (total <= shown || total > MAX_SELECTED) return null;
  return { parentId, total, selectLabel: ngettext('Select all {count} page in listing', 'Select all {count} pages in listing', total) };
}
