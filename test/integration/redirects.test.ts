import { expect } from 'chai';
import type { Page } from '../../server/db/schema';
import { runScheduledPublishing } from '../../server/actions/run-schedule';
import { addChild, approveRevisionForLater, getPageOrThrow, saveRevision, snapshotOfPage } from '../../server/models/pages';
import { bumpCacheGeneration } from '../../server/models/cache-generations';
import { flushRedirects, insertRedirect, REDIRECTS_CACHE_NAME, type RedirectInput } from '../../server/models/redirects';
import { createRedirectTable } from '../../server/models/redirects/table';
import { createAdminUser, signedInClient } from '../support/admin';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { request, startTestServer, type TestServer } from '../support/server';

const CONTENT = { body: [], confirmation: [] };

describe('redirects on the public site', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const get = (site: TestSite, path: string) => request(server, path, { host: site.hostname });
  const addRedirect = (input: Partial<RedirectInput> & Pick<RedirectInput, 'oldPath'>) =>
    insertRedirect(server.db, { siteId: null, isPermanent: true, redirectPageId: null, redirectLink: '', ...input });

  it('answers 301 for a permanent and 302 for a temporary redirect, ignoring a trailing slash and the query order', async () => {
    const site = await createTestSite(server.db);
    const base = `/old-${uniqueSuffix()}`;
    await addRedirect({ oldPath: base, siteId: site.site.id, redirectLink: 'https://example.com/menu/' });
    await addRedirect({ oldPath: `${base}-deal?a=1&b=2`, siteId: site.site.id, isPermanent: false, redirectLink: '/specials/' });

    const permanent = await get(site, `${base}/`);
    expect(permanent.status).to.equal(301);
    expect(permanent.headers.location).to.equal('https://example.com/menu/');
    // Without the slash too, in one hop: the redirect answers before the site would add the slash.
    expect((await get(site, base)).headers.location).to.equal('https://example.com/menu/');

    const temporary = await get(site, `${base}-deal/?b=2&a=1`);
    expect(temporary.status).to.equal(302);
    expect(temporary.headers.location).to.equal('/specials/');
    // A query the redirect does not name falls back to the path without it, as Wagtail's second try.
    expect((await get(site, `${base}/?utm_source=mail`)).status).to.equal(301);
    expect((await get(site, `${base}-deal/?a=1`)).status).to.equal(404);
  });

  it("prefers the site's own redirect to the all-sites one, and leaves other sites to the all-sites one", async () => {
    const [site, other] = [await createTestSite(server.db), await createTestSite(server.db)];
    const oldPath = `/shared-${uniqueSuffix()}`;
    await addRedirect({ oldPath, redirectLink: 'https://example.com/everywhere/' });
    await addRedirect({ oldPath, siteId: site.site.id, redirectLink: 'https://example.com/here/' });
    expect((await get(site, `${oldPath}/`)).headers.location).to.equal('https://example.com/here/');
    expect((await get(other, `${oldPath}/`)).headers.location).to.equal('https://example.com/everywhere/');
  });

  it("answers an editor's redirect before the page tree, never an automatic one, and sends to a page by its current address", async () => {
    const site = await createTestSite(server.db);
    const slug = `menu-${uniqueSuffix()}`;
    const menu = await addChild(server.db, site.home, { title: 'Menu', slug, pageType: 'content_page', content: CONTENT });
    const live = await addChild(server.db, site.home, { title: 'Specials', slug: `specials-${uniqueSuffix()}`, pageType: 'content_page', content: CONTENT });
    // A page published where an automatic redirect once left from keeps its address.
    await server.db
      .insertInto('redirects')
      .values({ old_path: `/${slug}`, site_id: site.site.id, redirect_link: 'https://example.com/elsewhere/', automatically_created: true })
      .execute();
    await flushRedirects(server.db);
    expect((await get(site, `/${slug}/`)).status).to.equal(200);
    // An editor's redirect sends even a live page's address elsewhere.
    await addRedirect({ oldPath: `/${live.slug}`, siteId: site.site.id, isPermanent: false, redirectLink: 'https://order.example.com/' });
    const moved = await get(site, `/${live.slug}/`);
    expect(moved.status).to.equal(302);
    expect(moved.headers.location).to.equal('https://order.example.com/');

    const oldPath = `/carte-${uniqueSuffix()}`;
    await addRedirect({ oldPath, siteId: site.site.id, redirectPageId: menu.id, isPermanent: false });
    const toPage = await get(site, `${oldPath}/`);
    expect(toPage.status).to.equal(302);
    expect(toPage.headers.location).to.equal(`/${slug}/`);

    // A page on another site is sent to with that site's origin.
    const other = await createTestSite(server.db);
    const otherPath = `/away-${uniqueSuffix()}`;
    await addRedirect({ oldPath: otherPath, siteId: other.site.id, redirectPageId: menu.id });
    expect((await get(other, `${otherPath}/`)).headers.location).to.equal(`http://${site.hostname}/${slug}/`);
  });

  it('sees a change made by another process once the generation moves', async () => {
    const site = await createTestSite(server.db);
    const oldPath = `/elsewhere-${uniqueSuffix()}`;
    expect((await get(site, `${oldPath}/`)).status).to.equal(404);
    // Another process's insert: the row lands, then the generation is bumped.
    await server.db.insertInto('redirects').values({ old_path: oldPath, site_id: site.site.id, redirect_link: '/x/' }).execute();
    await flushRedirects(server.db);
    expect((await get(site, `${oldPath}/`)).status).to.equal(301);
  });

  it("sees another process's new redirect before the page tree once the recheck interval has passed, reading nothing before", async () => {
    const site = await createTestSite(server.db);
    let elapsed = 0;
    const table = createRedirectTable(server.db, { recheckMs: 1000, monotonicNow: () => elapsed });
    const oldPath = `/patio-${uniqueSuffix()}`;
    expect(await table.mayMatchBeforePages(oldPath)).to.equal(false);
    // Another process's change: the row lands and the generation moves, with no flush in this one.
    await server.db.insertInto('redirects').values({ old_path: oldPath, site_id: site.site.id, redirect_link: '/terrace/' }).execute();
    await bumpCacheGeneration(server.db, REDIRECTS_CACHE_NAME);
    elapsed = 999;
    expect(await table.mayMatchBeforePages(`${oldPath}/`)).to.equal(false);
    elapsed = 1000;
    expect(await table.mayMatchBeforePages(`${oldPath}/`)).to.equal(true);
    expect(await table.match(`${oldPath}/`, site.site.id, 'before-pages')).to.deep.equal({ kind: 'link', link: '/terrace/', isPermanent: true });
  });

  describe('created automatically', () => {
    async function tree() {
      const site = await createTestSite(server.db);
      const section = await addChild(server.db, site.home, { title: 'Section', slug: `section-${uniqueSuffix()}`, pageType: 'content_page', content: CONTENT });
      const page = await addChild(server.db, section, { title: 'Lobster', slug: 'lobster', pageType: 'content_page', content: CONTENT });
      const child = await addChild(server.db, page, { title: 'Rolls', slug: 'rolls', pageType: 'content_page', content: CONTENT });
      const draft = await addChild(server.db, page, { title: 'Secret', slug: 'secret', pageType: 'content_page', content: CONTENT, live: false });
      const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
      return { site, section, page, child, draft, admin };
    }
    const pathOf = (site: TestSite, page: Page) => `/${page.url_path.slice(site.home.url_path.length)}`;

    it('send the old addresses of a moved page and its live subpages to their new ones with 301, and tell the editor', async () => {
      const { site, page, child, draft, admin } = await tree();
      const [oldPage, oldChild] = [pathOf(site, page), pathOf(site, child)];
      const moved = await admin.post(`/wagtail/pages/${page.id}/move/`, { destination: String(site.home.id) });
      expect(moved.status).to.equal(303);
      const messages = await admin.get(moved.headers.location!);
      expect(messages.body).to.include('2 redirects were created from the old addresses of the page and its subpages.');

      const [newPage, newChild] = [pathOf(site, await getPageOrThrow(server.db, page.id)), pathOf(site, await getPageOrThrow(server.db, child.id))];
      expect(newPage).to.equal('/lobster/');
      const answer = await get(site, oldPage);
      expect(answer.status).to.equal(301);
      expect(answer.headers.location).to.equal(newPage);
      expect((await get(site, oldChild)).headers.location).to.equal(newChild);
      expect((await get(site, newPage)).status).to.equal(200);

      const rows = await server.db.selectFrom('redirects').selectAll().where('redirect_page_id', 'in', [page.id, child.id, draft.id]).execute();
      expect(rows.map((row) => [row.old_path, row.site_id, row.automatically_created, row.is_permanent]).sort()).to.deep.equal(
        [
          [oldPage.slice(0, -1), site.site.id, true, true],
          [oldChild.slice(0, -1), site.site.id, true, true],
        ].sort(),
      );
      const audit = await server.db.selectFrom('admin_log_entries').select('data').where('action', '=', 'page.move').where('page_id', '=', page.id).executeTakeFirstOrThrow();
      expect(audit.data).to.include({ redirects_created: 2 });
    });

    it('send the old address of a re-slugged page to its new one once it is published', async () => {
      const { site, page, child, admin } = await tree();
      const [oldPage, oldChild] = [pathOf(site, page), pathOf(site, child)];
      const form = { title: 'Lobster', slug: 'lobster-rolls', seo_title: '', search_description: '', go_live_at: '', expire_at: '', 'content-body': '[]', 'content-confirmation': '[]' };
      // A saved draft changes no address.
      expect((await admin.post(`/wagtail/pages/${page.id}/edit/`, { ...form, action: 'save' })).status).to.equal(303);
      expect((await get(site, oldPage)).status).to.equal(200);

      const published = await admin.post(`/wagtail/pages/${page.id}/edit/`, { ...form, action: 'publish' });
      expect(published.status).to.equal(303);
      expect((await admin.get(published.headers.location!)).body).to.include('2 redirects were created from the old addresses of the page and its subpages.');
      const answer = await get(site, oldPage);
      expect(answer.status).to.equal(301);
      expect(answer.headers.location).to.equal(oldPage.replace('/lobster/', '/lobster-rolls/'));
      expect((await get(site, oldChild)).headers.location).to.equal(oldChild.replace('/lobster/', '/lobster-rolls/'));
    });

    it('send the old address to the new one when a scheduled revision with a new slug goes live', async () => {
      const { site, page } = await tree();
      const oldPage = pathOf(site, page);
      const goLiveAt = new Date(Date.now() - 60_000);
      const revision = await saveRevision(server.db, page, { ...snapshotOfPage(page), slug: 'lobster-pound' });
      await approveRevisionForLater(server.db, revision.id, goLiveAt);
      await runScheduledPublishing(server.db, new Date());
      const answer = await get(site, oldPage);
      expect(answer.status).to.equal(301);
      expect(answer.headers.location).to.equal(oldPage.replace('/lobster/', '/lobster-pound/'));
    });

    it("replace older automatic redirects from the same address but keep an editor's", async () => {
      const { site, section, page, admin } = await tree();
      const oldPage = pathOf(site, page).slice(0, -1);
      const elsewhere = await addChild(server.db, site.home, { title: 'Elsewhere', slug: `elsewhere-${uniqueSuffix()}`, pageType: 'content_page', content: CONTENT });
      await server.db.insertInto('redirects').values({ old_path: oldPage, site_id: site.site.id, redirect_page_id: elsewhere.id, automatically_created: true }).execute();
      await admin.post(`/wagtail/pages/${page.id}/move/`, { destination: String(site.home.id) });
      const replaced = await server.db.selectFrom('redirects').selectAll().where('old_path', '=', oldPage).where('site_id', '=', site.site.id).execute();
      expect(replaced.map((row) => row.redirect_page_id)).to.deep.equal([page.id]);

      // Moving back and forth: the editor's own redirect from the section address stays.
      const sectionPath = `${pathOf(site, section)}lobster`;
      await server.db.deleteFrom('redirects').where('old_path', '=', sectionPath).execute();
      await server.db.insertInto('redirects').values({ old_path: '/lobster', site_id: site.site.id, redirect_link: '/kept/' }).execute();
      await admin.post(`/wagtail/pages/${page.id}/move/`, { destination: String(section.id) });
      const kept = await server.db.selectFrom('redirects').selectAll().where('old_path', '=', '/lobster').where('site_id', '=', site.site.id).execute();
      expect(kept.map((row) => row.redirect_link)).to.deep.equal(['/kept/']);
    });
  });
});
