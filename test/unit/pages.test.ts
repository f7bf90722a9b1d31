import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Db } from '../../server/db/database';
import type { Page } from '../../server/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../server/errors';
import {
  PATH_ALPHABET,
  PATH_STEP_LENGTH,
  addChild,
  copyPage,
  createRootPage,
  decodePathStep,
  deleteSubtree,
  encodePathStep,
  findPageByUrlPath,
  getAncestors,
  getChildren,
  getDescendants,
  getLatestRevision,
  getPage,
  getPageOrThrow,
  getParent,
  getRevisions,
  getRootPage,
  movePage,
  publishRevision,
  revisionSnapshotSchema,
  saveRevision,
  snapshotOfPage,
  type AddChildInput,
} from '../../server/models/pages';
import { addViewRestriction, restrictionsForPage, restrictionsWithinSubtree } from '../../server/models/view-restrictions';
import { slugify } from '../../client/lib/slugs';
import { testDb } from '../support/database';

let db: Db;
let root: Page;

function uniqueSlug(prefix = 't'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function reload(page: Page): Promise<Page> {
  return getPageOrThrow(db, page.id);
}

function child(parent: Page, title: string, extra: Partial<AddChildInput> = {}): Promise<Page> {
  return addChild(db, parent, { title, pageType: 'standard', ...extra });
}

interface Tree {
  top: Page; // depth 2, under the root
  menu: Page; // depth 3
  lunch: Page; // depth 4
  specials: Page; // depth 5
  dinner: Page; // depth 4
  about: Page; // depth 3
  contact: Page; // depth 3
}

/** A fresh subtree with a unique slug, so tests never see each other's pages. */
async function makeTree(): Promise<Tree> {
  const top = await child(root, 'Test site', { slug: uniqueSlug() });
  const menu = await child(top, 'Menu');
  const lunch = await child(menu, 'Lunch');
  const specials = await child(lunch, 'Specials');
  const dinner = await child(menu, 'Dinner');
  const about = await child(top, 'About us');
  const contact = await child(top, 'Contact');
  return {
    top: await reload(top),
    menu: await reload(menu),
    lunch: await reload(lunch),
    specials,
    dinner,
    about,
    contact,
  };
}

describe('pages model', () => {
  before(async () => {
    db = await testDb();
    const existing = await getRootPage(db);
    if (existing) {
      root = existing;
      return;
    }
    try {
      root = await createRootPage(db, { title: 'Root' });
    } catch (error) {
      // Another test file sharing the database created it first.
      if (!(error instanceof ConflictError)) throw error;
      const created = await getRootPage(db);
      if (!created) throw error;
      root = created;
    }
  });

  describe('path steps', () => {
    it('uses four base-36 uppercase characters per step', () => {
      expect(PATH_STEP_LENGTH).to.equal(4);
      expect(PATH_ALPHABET).to.equal('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
      expect(encodePathStep(1)).to.equal('0001');
      expect(encodePathStep(10)).to.equal('000A');
      expect(encodePathStep(36)).to.equal('0010');
      expect(encodePathStep(36 ** 4 - 1)).to.equal('ZZZZ');
      expect(decodePathStep('0010')).to.equal(36);
      expect(decodePathStep('ZZZZ')).to.equal(36 ** 4 - 1);
    });
  });

  describe('slugify', () => {
    it('lowercases, strips accents and joins words with hyphens', () => {
      expect(slugify('Crème Brûlée & Café!')).to.equal('creme-brulee-cafe');
      expect(slugify('  Straße  ')).to.equal('strasse');
      expect(slugify('!!!')).to.equal('page');
      expect(slugify('')).to.equal('page');
    });
  });

  describe('root', () => {
    it('is the depth-1 page at path 0001 with url_path /', async () => {
      const found = await getRootPage(db);
      expect(found?.id).to.equal(root.id);
      expect(root.path).to.equal('0001');
      expect(root.depth).to.equal(1);
      expect(root.url_path).to.equal('/');
      expect(root.slug).to.equal('root');
      expect(root.page_type).to.equal('root');
    });

    it('refuses a second root', async () => {
      const error = await rejection(createRootPage(db, { title: 'Another root' }));
      expect(error).to.be.instanceOf(ConflictError);
    });
  });

  describe('addChild', () => {
    it('appends children with consecutive paths, depth and url_path', async () => {
      const tree = await makeTree();
      expect(tree.top.depth).to.equal(2);
      expect(tree.top.path).to.have.length(8);
      expect(tree.top.path.startsWith('0001')).to.equal(true);
      expect(tree.top.url_path).to.equal(`/${tree.top.slug}/`);

      expect(tree.menu.path).to.equal(`${tree.top.path}0001`);
      expect(tree.about.path).to.equal(`${tree.top.path}0002`);
      expect(tree.contact.path).to.equal(`${tree.top.path}0003`);
      expect(tree.lunch.path).to.equal(`${tree.menu.path}0001`);
      expect(tree.dinner.path).to.equal(`${tree.menu.path}0002`);
      expect(tree.specials.path).to.equal(`${tree.lunch.path}0001`);
      expect([tree.menu.depth, tree.lunch.depth, tree.specials.depth]).to.deep.equal([3, 4, 5]);

      expect(tree.specials.url_path).to.equal(`/${tree.top.slug}/menu/lunch/specials/`);
      expect(tree.about.url_path).to.equal(`/${tree.top.slug}/about-us/`);
    });

    it('keeps numchild right on every ancestor level', async () => {
      const tree = await makeTree();
      expect(tree.top.numchild).to.equal(3);
      expect(tree.menu.numchild).to.equal(2);
      expect(tree.lunch.numchild).to.equal(1);
      expect(tree.specials.numchild).to.equal(0);
      expect(tree.about.numchild).to.equal(0);
    });

    it('counts past 9 in base 36 so path order stays tree order', async () => {
      const top = await child(root, 'Many', { slug: uniqueSlug() });
      const created: Page[] = [];
      for (let i = 1; i <= 11; i++) created.push(await child(top, `Item ${i}`));
      expect(created[9]?.path).to.equal(`${top.path}000A`);
      expect(created[10]?.path).to.equal(`${top.path}000B`);
      const children = await getChildren(db, top);
      expect(children.map((page) => page.slug)).to.deep.equal(created.map((page) => page.slug));
      expect((await reload(top)).numchild).to.equal(11);
    });

    it('defaults the slug from the title and fills in the page fields', async () => {
      const top = await child(root, 'Defaults', { slug: uniqueSlug() });
      const page = await child(top, 'Crème Brûlée Night', {
        content: { body: 'Hello' },
        seoTitle: 'Dessert night',
        searchDescription: 'Sweet',
        showInMenus: true,
      });
      expect(page.slug).to.equal('creme-brulee-night');
      expect(page.title).to.equal('Crème Brûlée Night');
      expect(page.draft_title).to.equal('Crème Brûlée Night');
      expect(page.page_type).to.equal('standard');
      expect(page.content).to.deep.equal({ body: 'Hello' });
      expect(page.seo_title).to.equal('Dessert night');
      expect(page.search_description).to.equal('Sweet');
      expect(page.show_in_menus).to.equal(true);
      expect(page.live).to.equal(true);
      expect(page.has_unpublished_changes).to.equal(false);
      expect(page.first_published_at).to.be.instanceOf(Date);
      expect(page.last_published_at?.getTime()).to.equal(page.first_published_at?.getTime());
    });

    it('creates the first revision with a full snapshot', async () => {
      const top = await child(root, 'Revisions', { slug: uniqueSlug() });
      const page = await child(top, 'Visit', { content: { body: 'x' }, seoTitle: 'Seo' });
      const revisions = await getRevisions(db, page);
      expect(revisions).to.have.length(1);
      const revision = revisions[0];
      expect(revision?.page_id).to.equal(page.id);
      expect(page.latest_revision_id).to.equal(revision?.id);
      expect(page.live_revision_id).to.equal(revision?.id);
      expect(page.latest_revision_created_at?.getTime()).to.equal(revision?.created_at.getTime());
      expect(revision?.content).to.deep.equal({
        title: 'Visit',
        slug: 'visit',
        seo_title: 'Seo',
        search_description: '',
        show_in_menus: false,
        content: { body: 'x' },
      });
      expect(revisionSnapshotSchema.parse(revision?.content)).to.deep.equal(snapshotOfPage(page));
    });

    it('creates drafts that are not live and have no live revision', async () => {
      const top = await child(root, 'Drafts', { slug: uniqueSlug() });
      const draft = await child(top, 'Draft', { live: false });
      expect(draft.live).to.equal(false);
      expect(draft.has_unpublished_changes).to.equal(true);
      expect(draft.first_published_at).to.equal(null);
      expect(draft.live_revision_id).to.equal(null);
      expect(draft.latest_revision_id).to.be.a('number');
    });

    it('refuses a slug already used by a sibling, naming it', async () => {
      const tree = await makeTree();
      const error = await rejection(child(tree.top, 'Menu again', { slug: 'menu' }));
      expect(error).to.be.instanceOf(ConflictError);
      expect((error as Error).message).to.contain('"menu"');
      // The same slug is fine under another parent.
      const nested = await child(tree.about, 'Menu', { slug: 'menu' });
      expect(nested.url_path).to.equal(`/${tree.top.slug}/about-us/menu/`);
      expect((await reload(tree.top)).numchild).to.equal(3);
    });

    it('refuses invalid slugs and empty titles', async () => {
      const tree = await makeTree();
      for (const slug of ['Bad Slug', 'UPPER', 'trailing-', '-leading', 'double--hyphen', 'ümlaut', '']) {
        const error = await rejection(child(tree.top, 'Title', { slug }));
        expect(error, slug).to.be.instanceOf(ValidationError);
      }
      expect(await rejection(child(tree.top, '   '))).to.be.instanceOf(ValidationError);
      expect((await getChildren(db, tree.top)).map((page) => page.slug)).to.deep.equal(['menu', 'about-us', 'contact']);
    });

    it('gives concurrent additions under one parent distinct paths', async () => {
      const top = await child(root, 'Concurrent', { slug: uniqueSlug() });
      const pages = await Promise.all(Array.from({ length: 6 }, (_, i) => child(top, `Page ${i}`)));
      const paths = new Set(pages.map((page) => page.path));
      expect(paths.size).to.equal(6);
      expect((await reload(top)).numchild).to.equal(6);
      expect((await getChildren(db, top)).map((page) => page.path)).to.deep.equal([1, 2, 3, 4, 5, 6].map((n) => `${top.path}${encodePathStep(n)}`));
    });

    it('joins a transaction the caller already holds', async () => {
      const top = await child(root, 'In transaction', { slug: uniqueSlug() });
      const error = await rejection(
        db.transaction().execute(async (trx) => {
          await addChild(trx, top, { title: 'Rolled back', pageType: 'standard' });
          throw new Error('abort');
        }),
      );
      expect((error as Error).message).to.equal('abort');
      expect(await getChildren(db, top)).to.deep.equal([]);
      expect((await reload(top)).numchild).to.equal(0);
    });
  });

  describe('reading the tree', () => {
    it('getPage returns undefined and getPageOrThrow NotFoundError for a missing id', async () => {
      expect(await getPage(db, 2_000_000_000)).to.equal(undefined);
      expect(await rejection(getPageOrThrow(db, 2_000_000_000))).to.be.instanceOf(NotFoundError);
    });

    it('getChildren lists children in path order, optionally live only', async () => {
      const tree = await makeTree();
      const draft = await child(tree.top, 'Draft', { live: false });
      expect((await getChildren(db, tree.top)).map((page) => page.slug)).to.deep.equal(['menu', 'about-us', 'contact', 'draft']);
      expect((await getChildren(db, tree.top, { liveOnly: true })).map((page) => page.id)).to.deep.equal([tree.menu.id, tree.about.id, tree.contact.id]);
      expect(draft.live).to.equal(false);
      expect(await getChildren(db, tree.specials)).to.deep.equal([]);
    });

    it('getAncestors returns the chain from the root, optionally including the page', async () => {
      const tree = await makeTree();
      const ancestors = await getAncestors(db, tree.specials);
      expect(ancestors.map((page) => page.id)).to.deep.equal([root.id, tree.top.id, tree.menu.id, tree.lunch.id]);
      const inclusive = await getAncestors(db, tree.specials, { inclusive: true });
      expect(inclusive.map((page) => page.id)).to.deep.equal([root.id, tree.top.id, tree.menu.id, tree.lunch.id, tree.specials.id]);
      expect(await getAncestors(db, root)).to.deep.equal([]);
    });

    it('getDescendants returns the subtree in tree order', async () => {
      const tree = await makeTree();
      await child(tree.about, 'Team', { live: false });
      const descendants = await getDescendants(db, tree.top);
      expect(descendants.map((page) => page.slug)).to.deep.equal(['menu', 'lunch', 'specials', 'dinner', 'about-us', 'team', 'contact']);
      const inclusive = await getDescendants(db, tree.menu, { inclusive: true });
      expect(inclusive.map((page) => page.id)).to.deep.equal([tree.menu.id, tree.lunch.id, tree.specials.id, tree.dinner.id]);
      const live = await getDescendants(db, tree.top, { liveOnly: true });
      expect(live.map((page) => page.slug)).to.not.include('team');
      expect(live).to.have.length(6);
    });

    it('getParent returns the parent, and undefined for the root', async () => {
      const tree = await makeTree();
      expect((await getParent(db, tree.specials))?.id).to.equal(tree.lunch.id);
      expect((await getParent(db, tree.top))?.id).to.equal(root.id);
      expect(await getParent(db, root)).to.equal(undefined);
    });
  });

  describe('findPageByUrlPath', () => {
    it('resolves deep paths below a site root, and the root itself for no components', async () => {
      const tree = await makeTree();
      expect((await findPageByUrlPath(db, tree.top, ['menu', 'lunch', 'specials']))?.id).to.equal(tree.specials.id);
      expect((await findPageByUrlPath(db, tree.top, ['about-us']))?.id).to.equal(tree.about.id);
      expect((await findPageByUrlPath(db, tree.top, []))?.id).to.equal(tree.top.id);
    });

    it('returns undefined for unknown paths and for pages outside the site root', async () => {
      const tree = await makeTree();
      const other = await makeTree();
      expect(await findPageByUrlPath(db, tree.top, ['menu', 'breakfast'])).to.equal(undefined);
      expect(await findPageByUrlPath(db, tree.top, ['specials'])).to.equal(undefined);
      // A page that exists under another site's root must not be found through this one.
      expect(await findPageByUrlPath(db, tree.menu, [other.top.slug])).to.equal(undefined);
    });

    it('hides drafts and expired pages unless liveOnly is false', async () => {
      const tree = await makeTree();
      const draft = await child(tree.menu, 'Brunch', { live: false });
      expect(await findPageByUrlPath(db, tree.top, ['menu', 'brunch'])).to.equal(undefined);
      expect((await findPageByUrlPath(db, tree.top, ['menu', 'brunch'], { liveOnly: false }))?.id).to.equal(draft.id);

      await db.updateTable('pages').set({ expired: true }).where('id', '=', tree.dinner.id).execute();
      expect(await findPageByUrlPath(db, tree.top, ['menu', 'dinner'])).to.equal(undefined);
      expect((await findPageByUrlPath(db, tree.top, ['menu', 'dinner'], { liveOnly: false }))?.id).to.equal(tree.dinner.id);
    });
  });

  describe('movePage', () => {
    it('moves a subtree to be the last child of the new parent, rewriting paths, depths and url_paths', async () => {
      const tree = await makeTree();
      const moved = await movePage(db, tree.lunch, tree.about);
      expect(moved.id).to.equal(tree.lunch.id);
      expect(moved.path).to.equal(`${tree.about.path}0001`);
      expect(moved.depth).to.equal(4);
      expect(moved.url_path).to.equal(`/${tree.top.slug}/about-us/lunch/`);

      const specials = await reload(tree.specials);
      expect(specials.path).to.equal(`${tree.about.path}00010001`);
      expect(specials.depth).to.equal(5);
      expect(specials.url_path).to.equal(`/${tree.top.slug}/about-us/lunch/specials/`);

      expect((await reload(tree.menu)).numchild).to.equal(1);
      expect((await reload(tree.about)).numchild).to.equal(1);
      expect((await getChildren(db, tree.menu)).map((page) => page.slug)).to.deep.equal(['dinner']);
      expect((await findPageByUrlPath(db, tree.top, ['about-us', 'lunch', 'specials']))?.id).to.equal(specials.id);
      expect(await findPageByUrlPath(db, tree.top, ['menu', 'lunch'])).to.equal(undefined);
    });

    it('moves a subtree up a level and after existing children', async () => {
      const tree = await makeTree();
      const moved = await movePage(db, tree.lunch, tree.top);
      expect(moved.path).to.equal(`${tree.top.path}0004`);
      expect(moved.depth).to.equal(3);
      const specials = await reload(tree.specials);
      expect(specials.depth).to.equal(4);
      expect(specials.url_path).to.equal(`/${tree.top.slug}/lunch/specials/`);
      expect((await getChildren(db, tree.top)).map((page) => page.slug)).to.deep.equal(['menu', 'about-us', 'contact', 'lunch']);
      expect((await reload(tree.top)).numchild).to.equal(4);
      expect((await reload(tree.menu)).numchild).to.equal(1);
    });

    it('moves a page to the end among its own siblings when the parent is unchanged', async () => {
      const tree = await makeTree();
      const moved = await movePage(db, tree.menu, tree.top);
      expect(moved.path).to.equal(`${tree.top.path}0004`);
      expect((await getChildren(db, tree.top)).map((page) => page.slug)).to.deep.equal(['about-us', 'contact', 'menu']);
      expect((await reload(tree.top)).numchild).to.equal(3);
      expect((await reload(tree.specials)).path).to.equal(`${tree.top.path}000400010001`);
      // Already last: nothing changes.
      const again = await movePage(db, moved, tree.top);
      expect(again.path).to.equal(moved.path);
    });

    it('refuses moving a page into itself or its own descendant', async () => {
      const tree = await makeTree();
      expect(await rejection(movePage(db, tree.menu, tree.specials))).to.be.instanceOf(ValidationError);
      expect(await rejection(movePage(db, tree.menu, tree.menu))).to.be.instanceOf(ValidationError);
      expect(await rejection(movePage(db, root, tree.menu))).to.be.instanceOf(ValidationError);
      expect((await reload(tree.specials)).path).to.equal(tree.specials.path);
    });

    it('refuses a move when the slug is taken among the new siblings', async () => {
      const tree = await makeTree();
      const clash = await child(tree.about, 'Lunch');
      const error = await rejection(movePage(db, tree.lunch, tree.about));
      expect(error).to.be.instanceOf(ConflictError);
      expect((error as Error).message).to.contain('"lunch"');
      expect((await reload(tree.lunch)).path).to.equal(tree.lunch.path);
      expect((await reload(tree.about)).numchild).to.equal(1);
      expect(clash.slug).to.equal('lunch');
    });

    it('works with a stale page object', async () => {
      const tree = await makeTree();
      await movePage(db, tree.menu, tree.about);
      // tree.lunch still carries its old path; the move must use the current one.
      const moved = await movePage(db, tree.lunch, tree.contact);
      expect(moved.url_path).to.equal(`/${tree.top.slug}/contact/lunch/`);
      expect((await reload(tree.menu)).numchild).to.equal(1);
      expect((await reload(tree.specials)).url_path).to.equal(`/${tree.top.slug}/contact/lunch/specials/`);
    });
  });

  describe('copyPage', () => {
    it('copies a single page to another parent with a fresh revision', async () => {
      const tree = await makeTree();
      const copy = await copyPage(db, tree.lunch, { toParent: tree.about, userId: null });
      expect(copy.id).to.not.equal(tree.lunch.id);
      expect(copy.path).to.equal(`${tree.about.path}0001`);
      expect(copy.depth).to.equal(4);
      expect(copy.slug).to.equal('lunch');
      expect(copy.url_path).to.equal(`/${tree.top.slug}/about-us/lunch/`);
      expect(copy.numchild).to.equal(0);
      expect(copy.live).to.equal(true);
      expect(copy.locked).to.equal(false);
      expect(await getChildren(db, copy)).to.deep.equal([]);
      expect((await reload(tree.about)).numchild).to.equal(1);

      const revisions = await getRevisions(db, copy);
      expect(revisions).to.have.length(1);
      expect(copy.latest_revision_id).to.equal(revisions[0]?.id);
      expect(copy.live_revision_id).to.equal(revisions[0]?.id);
      expect(revisions[0]?.content).to.deep.equal(snapshotOfPage(copy));
      // The source is untouched.
      expect((await reload(tree.lunch)).numchild).to.equal(1);
    });

    it('copies a subtree recursively, preserving order and structure', async () => {
      const tree = await makeTree();
      const copy = await copyPage(db, tree.menu, { toParent: tree.contact, recursive: true, title: 'Menu copy' });
      expect(copy.title).to.equal('Menu copy');
      expect(copy.draft_title).to.equal('Menu copy');
      expect(copy.url_path).to.equal(`/${tree.top.slug}/contact/menu/`);
      expect(copy.numchild).to.equal(2);
      const copied = await getDescendants(db, copy);
      expect(copied.map((page) => [page.slug, page.depth, page.path.slice(copy.path.length)])).to.deep.equal([
        ['lunch', 5, '0001'],
        ['specials', 6, '00010001'],
        ['dinner', 5, '0002'],
      ]);
      expect(copied.map((page) => page.url_path)).to.deep.equal([
        `/${tree.top.slug}/contact/menu/lunch/`,
        `/${tree.top.slug}/contact/menu/lunch/specials/`,
        `/${tree.top.slug}/contact/menu/dinner/`,
      ]);
      expect(copied.map((page) => page.numchild)).to.deep.equal([1, 0, 0]);
      // Titles below the top are kept.
      expect(copied.map((page) => page.title)).to.deep.equal(['Lunch', 'Specials', 'Dinner']);
      for (const page of copied) {
        const revisions = await getRevisions(db, page);
        expect(revisions).to.have.length(1);
        expect(page.latest_revision_id).to.equal(revisions[0]?.id);
        expect((revisions[0]?.content as { slug: string }).slug).to.equal(page.slug);
      }
      expect((await getDescendants(db, tree.menu)).map((page) => page.id)).to.deep.equal([tree.lunch.id, tree.specials.id, tree.dinner.id]);
    });

    it('gives a copy beside itself the first free numbered slug', async () => {
      const tree = await makeTree();
      const first = await copyPage(db, tree.about);
      expect(first.slug).to.equal('about-us-2');
      expect(first.path).to.equal(`${tree.top.path}0004`);
      expect(first.url_path).to.equal(`/${tree.top.slug}/about-us-2/`);
      const second = await copyPage(db, tree.about);
      expect(second.slug).to.equal('about-us-3');
      await deleteSubtree(db, first);
      const third = await copyPage(db, tree.about);
      expect(third.slug).to.equal('about-us-2');
      expect((await reload(tree.top)).numchild).to.equal(5);
    });

    it('uses an explicit slug and refuses one that is taken', async () => {
      const tree = await makeTree();
      const copy = await copyPage(db, tree.about, { slug: 'about-the-team' });
      expect(copy.slug).to.equal('about-the-team');
      expect(await rejection(copyPage(db, tree.about, { slug: 'contact' }))).to.be.instanceOf(ConflictError);
      expect(await rejection(copyPage(db, tree.about, { slug: 'Not valid' }))).to.be.instanceOf(ValidationError);
    });

    it('makes drafts when keepLive is false, and never makes a draft live', async () => {
      const tree = await makeTree();
      const copy = await copyPage(db, tree.menu, { toParent: tree.about, recursive: true, keepLive: false });
      const copies = await getDescendants(db, copy, { inclusive: true });
      expect(copies).to.have.length(4);
      for (const page of copies) {
        expect(page.live).to.equal(false);
        expect(page.has_unpublished_changes).to.equal(true);
        expect(page.live_revision_id).to.equal(null);
        expect(page.first_published_at).to.equal(null);
        expect(page.latest_revision_id).to.be.a('number');
      }
      const draft = await child(tree.contact, 'Hidden', { live: false });
      const draftCopy = await copyPage(db, draft, { toParent: tree.about });
      expect(draftCopy.live).to.equal(false);
    });

    it('gives each copy the view restrictions its original has of its own, alone, in a subtree and into itself', async () => {
      const tree = await makeTree();
      await addViewRestriction(db, tree.lunch, { type: 'password', password: 'clam-bake' });
      await addViewRestriction(db, tree.dinner, { type: 'login' });
      const kinds = async (top: Page) => (await restrictionsWithinSubtree(db, top)).map((restriction) => [restriction.title, restriction.restriction_type, restriction.password]);

      const subtree = await copyPage(db, tree.menu, { toParent: tree.contact, recursive: true });
      expect(await kinds(subtree)).to.deep.equal([
        ['Lunch', 'password', 'clam-bake'],
        ['Dinner', 'login', ''],
      ]);
      const specialsCopy = (await getDescendants(db, subtree)).find((page) => page.slug === 'specials')!;
      expect((await restrictionsForPage(db, specialsCopy)).map((restriction) => restriction.restriction_type)).to.deep.equal(['password']);

      const alone = await copyPage(db, tree.lunch, { toParent: tree.lunch });
      expect(await kinds(alone)).to.deep.equal([['Lunch', 'password', 'clam-bake']]);
      // The originals keep theirs, and only theirs.
      expect(await kinds(tree.menu)).to.deep.equal([
        ['Lunch', 'password', 'clam-bake'],
        ['Lunch', 'password', 'clam-bake'],
        ['Dinner', 'login', ''],
      ]);
    });

    it('refuses to copy a subtree recursively into itself', async () => {
      const tree = await makeTree();
      const error = await rejection(copyPage(db, tree.menu, { toParent: tree.lunch, recursive: true }));
      expect(error).to.be.instanceOf(ValidationError);
      expect((await reload(tree.lunch)).numchild).to.equal(1);
    });
  });

  describe('deleteSubtree', () => {
    it('deletes the page with its descendants and revisions and decrements the parent', async () => {
      const tree = await makeTree();
      const revisionIds = (await getRevisions(db, tree.specials)).map((revision) => revision.id);
      expect(revisionIds).to.have.length(1);
      const deleted = await deleteSubtree(db, tree.menu);
      expect(deleted).to.equal(4);
      for (const page of [tree.menu, tree.lunch, tree.specials, tree.dinner]) {
        expect(await getPage(db, page.id)).to.equal(undefined);
      }
      const leftover = await db.selectFrom('page_revisions').select('id').where('page_id', 'in', [tree.menu.id, tree.lunch.id, tree.specials.id, tree.dinner.id]).execute();
      expect(leftover).to.deep.equal([]);
      expect((await reload(tree.top)).numchild).to.equal(2);
      expect((await getChildren(db, tree.top)).map((page) => page.slug)).to.deep.equal(['about-us', 'contact']);
    });

    it('refuses to delete the root', async () => {
      expect(await rejection(deleteSubtree(db, root))).to.be.instanceOf(ValidationError);
      expect((await getRootPage(db))?.id).to.equal(root.id);
    });
  });

  describe('saveRevision', () => {
    it('stores a draft without changing the live page', async () => {
      const tree = await makeTree();
      const snapshot = { ...snapshotOfPage(tree.about), title: 'About Red Harbor', content: { body: 'New' } };
      const revision = await saveRevision(db, tree.about, snapshot, { userId: null });
      expect(revision.page_id).to.equal(tree.about.id);
      expect(revision.content).to.deep.equal(snapshot);

      const page = await reload(tree.about);
      expect(page.has_unpublished_changes).to.equal(true);
      expect(page.draft_title).to.equal('About Red Harbor');
      expect(page.title).to.equal('About us');
      expect(page.content).to.deep.equal({});
      expect(page.latest_revision_id).to.equal(revision.id);
      expect(page.live_revision_id).to.equal(tree.about.live_revision_id);
      expect(page.latest_revision_created_at?.getTime()).to.equal(revision.created_at.getTime());

      expect((await getLatestRevision(db, page))?.id).to.equal(revision.id);
      expect((await getRevisions(db, page)).map((r) => r.id)).to.deep.equal([revision.id, tree.about.latest_revision_id]);
    });

    it('validates the snapshot and the slug', async () => {
      const tree = await makeTree();
      const base = snapshotOfPage(tree.about);
      expect(await rejection(saveRevision(db, tree.about, { ...base, title: ' ' }))).to.be.instanceOf(ValidationError);
      expect(await rejection(saveRevision(db, tree.about, { ...base, slug: 'Bad slug' }))).to.be.instanceOf(ValidationError);
      expect(await rejection(saveRevision(db, tree.about, { ...base, slug: 'contact' }))).to.be.instanceOf(ConflictError);
      expect(await getRevisions(db, tree.about)).to.have.length(1);
    });
  });

  describe('publishRevision', () => {
    it('applies the snapshot and sets the publishing fields', async () => {
      const tree = await makeTree();
      const draft = await child(tree.top, 'Events', { live: false });
      expect(draft.first_published_at).to.equal(null);
      const snapshot = {
        title: 'Events & parties',
        slug: 'events',
        seo_title: 'Book an event',
        search_description: 'Private dining',
        show_in_menus: true,
        content: { body: 'Parties' },
      };
      const revision = await saveRevision(db, draft, snapshot);
      const now = new Date('2030-01-02T03:04:05.000Z');
      const published = await publishRevision(db, revision.id, { now });
      expect(published.title).to.equal('Events & parties');
      expect(published.draft_title).to.equal('Events & parties');
      expect(published.seo_title).to.equal('Book an event');
      expect(published.search_description).to.equal('Private dining');
      expect(published.show_in_menus).to.equal(true);
      expect(published.content).to.deep.equal({ body: 'Parties' });
      expect(published.live).to.equal(true);
      expect(published.expired).to.equal(false);
      expect(published.has_unpublished_changes).to.equal(false);
      expect(published.live_revision_id).to.equal(revision.id);
      expect(published.first_published_at?.toISOString()).to.equal(now.toISOString());
      expect(published.last_published_at?.toISOString()).to.equal(now.toISOString());

      const later = new Date('2030-02-01T00:00:00.000Z');
      const second = await saveRevision(db, published, { ...snapshot, content: { body: 'v2' } });
      const republished = await publishRevision(db, second.id, { now: later });
      expect(republished.first_published_at?.toISOString()).to.equal(now.toISOString());
      expect(republished.last_published_at?.toISOString()).to.equal(later.toISOString());
      expect(republished.content).to.deep.equal({ body: 'v2' });
    });

    it('keeps has_unpublished_changes when an older revision is published', async () => {
      const tree = await makeTree();
      const older = await saveRevision(db, tree.contact, { ...snapshotOfPage(tree.contact), content: { v: 1 } });
      await saveRevision(db, tree.contact, { ...snapshotOfPage(tree.contact), title: 'Find us', content: { v: 2 } });
      const published = await publishRevision(db, older.id);
      expect(published.content).to.deep.equal({ v: 1 });
      expect(published.live_revision_id).to.equal(older.id);
      expect(published.has_unpublished_changes).to.equal(true);
      expect(published.draft_title).to.equal('Find us');
    });

    it('rewrites url_path of the page and all descendants when the slug changes', async () => {
      const tree = await makeTree();
      const revision = await saveRevision(db, tree.menu, { ...snapshotOfPage(tree.menu), slug: 'food' });
      const published = await publishRevision(db, revision.id);
      expect(published.slug).to.equal('food');
      expect(published.url_path).to.equal(`/${tree.top.slug}/food/`);
      expect((await reload(tree.lunch)).url_path).to.equal(`/${tree.top.slug}/food/lunch/`);
      expect((await reload(tree.specials)).url_path).to.equal(`/${tree.top.slug}/food/lunch/specials/`);
      expect((await reload(tree.dinner)).url_path).to.equal(`/${tree.top.slug}/food/dinner/`);
      expect((await reload(tree.about)).url_path).to.equal(`/${tree.top.slug}/about-us/`);
      expect((await reload(tree.specials)).path).to.equal(tree.specials.path);
      expect((await findPageByUrlPath(db, tree.top, ['food', 'lunch', 'specials']))?.id).to.equal(tree.specials.id);
      expect(await findPageByUrlPath(db, tree.top, ['menu'])).to.equal(undefined);
    });

    it('refuses a slug change that clashes with a sibling published meanwhile', async () => {
      const tree = await makeTree();
      const revision = await saveRevision(db, tree.about, { ...snapshotOfPage(tree.about), slug: 'team' });
      await child(tree.top, 'Team');
      expect(await rejection(publishRevision(db, revision.id))).to.be.instanceOf(ConflictError);
      expect((await reload(tree.about)).slug).to.equal('about-us');
    });

    it('only schedules a revision approved to go live in the future', async () => {
      const tree = await makeTree();
      const now = new Date('2030-01-01T00:00:00.000Z');
      const goLiveAt = new Date('2030-06-01T12:00:00.000Z');
      const revision = await saveRevision(db, tree.about, { ...snapshotOfPage(tree.about), title: 'Summer', content: { body: 'Summer menu' } }, { approvedGoLiveAt: goLiveAt });
      const scheduled = await publishRevision(db, revision.id, { now });
      expect(scheduled.go_live_at?.toISOString()).to.equal(goLiveAt.toISOString());
      expect(scheduled.title).to.equal('About us');
      expect(scheduled.content).to.deep.equal({});
      expect(scheduled.live_revision_id).to.equal(tree.about.live_revision_id);
      expect(scheduled.has_unpublished_changes).to.equal(true);
      expect(scheduled.last_published_at?.getTime()).to.equal(tree.about.last_published_at?.getTime());

      // When the time comes, the same call publishes it.
      const live = await publishRevision(db, revision.id, { now: new Date('2030-06-01T12:00:01.000Z') });
      expect(live.title).to.equal('Summer');
      expect(live.content).to.deep.equal({ body: 'Summer menu' });
      expect(live.live_revision_id).to.equal(revision.id);
    });

    it('raises NotFoundError for an unknown revision', async () => {
      expect(await rejection(publishRevision(db, 2_000_000_000))).to.be.instanceOf(NotFoundError);
    });
  });
});
