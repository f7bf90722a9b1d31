import { expect } from 'chai';
import type { Db } from '../../server/db/database';
import type { User } from '../../server/db/schema';
import { createMediaStorage, mediaRoot } from '../../server/media-storage';
import { rootCollection } from '../../server/models/collections';
import { createDocument } from '../../server/models/documents';
import { saveGroup } from '../../server/models/groups';
import { createImage } from '../../server/models/images';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { insertRedirect } from '../../server/models/redirects';
import { insertSnippet } from '../../server/models/snippets/store';
import { createUser } from '../../server/models/users';
import { createVideo } from '../../server/models/videos';
import { saveTask, saveWorkflow } from '../../server/models/workflows';
import { createAdminUser, signedInClient, TEST_PASSWORD } from '../support/admin';
import { createTestCollection } from '../support/collections';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { routeCases, serverFailures } from '../support/fuzz';
import { solidImage } from '../support/images';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every back-office route, with a placeholder where the address names an object. Sign-out is
 * left out (it would end the fuzz's session; the public fuzz sends it hostile requests).
 */
const ADMIN_ROUTES: readonly string[] = [
  '/wagtail/',
  '/wagtail/account/',
  '/wagtail/account/change_password/',
  '/wagtail/api/main/pages/',
  '/wagtail/api/main/pages/find/',
  '/wagtail/api/main/pages/{page}/',
  ...['publish', 'unpublish', 'move', 'copy', 'lock', 'unlock', 'revert', 'delete'].map((action) => `/wagtail/api/main/pages/{page}/action/${action}/`),
  '/wagtail/api/main/images/',
  '/wagtail/api/main/images/{image}/',
  '/wagtail/api/main/documents/',
  '/wagtail/api/main/documents/{document}/',
  '/wagtail/choose-page/',
  '/wagtail/choose-page/search/',
  '/wagtail/choose-page/{page}/',
  '/wagtail/images/chooser/',
  '/wagtail/documents/chooser/',
  '/wagtail/videos/chooser/',
  '/wagtail/snippets/choose/snippets/toolboxsnippet/',
  '/wagtail/block-preview/',
  '/wagtail/styleguide/',
  '/wagtail/pages/',
  '/wagtail/pages/search/',
  '/wagtail/pages/{page}/',
  '/wagtail/pages/add/{home}/',
  '/wagtail/pages/add/{home}/content_page/',
  '/wagtail/pages/{page}/edit/',
  '/wagtail/pages/{page}/edit/autosave/',
  '/wagtail/pages/{page}/preview/',
  '/wagtail/pages/{page}/copy/',
  '/wagtail/pages/{page}/move/',
  '/wagtail/pages/{page}/move/up/',
  '/wagtail/pages/{page}/move/down/',
  '/wagtail/pages/{page}/lock/',
  '/wagtail/pages/{page}/unlock/',
  '/wagtail/pages/{page}/unpublish/',
  '/wagtail/pages/{page}/privacy/',
  '/wagtail/pages/{page}/history/',
  '/wagtail/pages/{page}/revisions/',
  '/wagtail/pages/{page}/revisions/{missing}/revert/',
  '/wagtail/pages/{page}/revisions/compare/earliest...latest/',
  '/wagtail/pages/{page}/workflow/action/approve/{missing}/',
  '/wagtail/pages/{page}/workflow/cancel/',
  '/wagtail/pages/{page}/workflow/preview/{missing}/',
  '/wagtail/pages/{page}/delete/',
  '/wagtail/bulk/wagtailcore/page/publish/',
  '/wagtail/bulk/wagtailcore/page/delete/',
  '/wagtail/editing-sessions/ping/pages/{page}/{sessionKey}/',
  '/wagtail/editing-sessions/release/{sessionKey}/',
  '/wagtail/users/',
  '/wagtail/users/add/',
  '/wagtail/users/{user}/',
  '/wagtail/users/{user}/deactivate/',
  '/wagtail/users/{user}/activate/',
  '/wagtail/users/{user}/delete/',
  '/wagtail/groups/',
  '/wagtail/groups/add/',
  '/wagtail/groups/{group}/',
  '/wagtail/groups/{group}/delete/',
  '/wagtail/collections/',
  '/wagtail/collections/add/',
  '/wagtail/collections/{collection}/',
  '/wagtail/collections/{collection}/privacy/',
  '/wagtail/collections/{collection}/delete/',
  '/wagtail/sites/',
  '/wagtail/sites/add/',
  '/wagtail/sites/{site}/',
  '/wagtail/sites/{site}/delete/',
  '/wagtail/settings/',
  '/wagtail/settings/core/sitesettings/',
  '/wagtail/settings/core/sitesettings/{site}/',
  '/wagtail/images/',
  '/wagtail/images/add/',
  '/wagtail/images/chooser/upload/',
  '/wagtail/images/multiple/add/',
  '/wagtail/images/multiple/{image}/',
  '/wagtail/images/{image}/',
  '/wagtail/images/{image}/preview/fill-100x100/',
  '/wagtail/images/usage/{image}/',
  '/wagtail/images/multiple/{image}/delete/',
  '/wagtail/images/{image}/delete/',
  '/wagtail/documents/',
  '/wagtail/documents/add/',
  '/wagtail/documents/chooser/upload/',
  '/wagtail/documents/edit/{document}/',
  '/wagtail/documents/usage/{document}/',
  '/wagtail/documents/delete/{document}/',
  '/wagtail/videos/',
  '/wagtail/videos/add/',
  '/wagtail/videos/chooser/upload/',
  '/wagtail/videos/edit/{video}/',
  '/wagtail/videos/edit/{video}/sources/add/',
  '/wagtail/videos/edit/{video}/sources/{missing}/delete/',
  '/wagtail/videos/edit/{video}/tracks/add/',
  '/wagtail/videos/edit/{video}/tracks/{missing}/',
  '/wagtail/videos/edit/{video}/tracks/{missing}/delete/',
  '/wagtail/videos/delete/{video}/',
  '/wagtail/workflows/list/',
  '/wagtail/workflows/add/',
  '/wagtail/workflows/edit/{workflow}/',
  '/wagtail/workflows/disable/{workflow}/',
  '/wagtail/workflows/enable/{workflow}/',
  '/wagtail/workflows/tasks/index/',
  '/wagtail/workflows/tasks/add/',
  '/wagtail/workflows/tasks/edit/{task}/',
  '/wagtail/workflows/tasks/disable/{task}/',
  '/wagtail/workflows/tasks/enable/{task}/',
  '/wagtail/waitlist/',
  '/wagtail/waitlist/{rlid}/',
  '/wagtail/waitlist/{rlid}/settings/',
  '/wagtail/waitlist/{rlid}/walk-in/',
  '/wagtail/waitlist/{rlid}/entries/{planAheadId}/status/',
  '/wagtail/waitlist/{rlid}/entries/{planAheadId}/move/',
  '/wagtail/waitlist/{rlid}/entries/{planAheadId}/restore/',
  '/wagtail/reservations/',
  '/wagtail/reservations/{rlid}/',
  '/wagtail/reservations/{rlid}/{missing}/confirm/',
  '/wagtail/reservations/{rlid}/{missing}/cancel/',
  '/wagtail/redirects/',
  '/wagtail/redirects/add/',
  '/wagtail/redirects/import/',
  '/wagtail/redirects/import/process/',
  '/wagtail/redirects/{redirect}/',
  '/wagtail/redirects/{redirect}/delete/',
  '/wagtail/forms/',
  '/wagtail/forms/submissions/{formPage}/',
  '/wagtail/forms/submissions/{formPage}/delete/',
  '/wagtail/reports/',
  '/wagtail/reports/locked/',
  '/wagtail/reports/aging-pages/',
  '/wagtail/reports/page-types-usage/',
  '/wagtail/reports/site-history/',
  '/wagtail/reports/workflow/',
  '/wagtail/reports/workflow_tasks/',
  '/wagtail/snippets/',
  '/wagtail/snippets/snippets/toolboxsnippet/',
  '/wagtail/snippets/snippets/toolboxsnippet/add/',
  '/wagtail/snippets/snippets/toolboxsnippet/edit/{snippet}/',
  '/wagtail/snippets/snippets/toolboxsnippet/copy/{snippet}/',
  '/wagtail/snippets/snippets/toolboxsnippet/history/{snippet}/',
  '/wagtail/snippets/snippets/toolboxsnippet/usage/{snippet}/',
  '/wagtail/snippets/snippets/toolboxsnippet/delete/{snippet}/',
];

/**
 * Objects of this test's own for the placeholders, made afresh for each route: a hostile post
 * that deletes or changes one (a sample page, user or site) touches nothing another test uses.
 */
async function createSamples(server: TestServer, site: TestSite): Promise<Record<string, string>> {
  const { db } = server;
  const suffix = uniqueSuffix();
  const storage = createMediaStorage(mediaRoot(server.config));
  const page = await addChild(db, site.home, { title: `Fuzzed ${suffix}`, slug: `fuzzed-${suffix}`, pageType: 'content_page', content: { body: [] } });
  await addChild(db, site.home, { title: `Neighbour ${suffix}`, slug: `neighbour-${suffix}`, pageType: 'content_page', content: { body: [] } });
  const formPage = await addChild(db, site.home, {
    title: `Write ${suffix}`,
    slug: `write-${suffix}`,
    pageType: 'contact_us_page',
    content: { body: [], to_address: 'guests@fuzz.example' },
  });
  const image = await createImage(db, storage, { title: `Fuzzed ${suffix}`, bytes: await solidImage(8, 8) });
  const document = await createDocument(db, storage, { title: `Fuzzed ${suffix}`, filename: 'menu.txt', bytes: Buffer.from(`Menu ${suffix}\n`) });
  const video = await createVideo(db, { title: `Fuzzed ${suffix}` });
  const collection = await createTestCollection(db, `Fuzzed ${suffix}`);
  const redirect = await insertRedirect(db, { oldPath: `/fuzzed-${suffix}`, siteId: null, isPermanent: true, redirectPageId: null, redirectLink: 'https://www.redharbor.example/' });
  const otherSite = await createTestSite(db);
  const user = await createUser(db, { username: `fuzzed-${suffix}`, email: `fuzzed-${suffix}@example.com`, password: TEST_PASSWORD, isSuperuser: false });
  const group = await saveGroup(db, undefined, { name: `Fuzzed ${suffix}`, canAccessAdmin: true, pageGrants: [], collectionGrants: [], objectGrants: [], hostGrant: { scope: 'none' } });
  const task = await saveTask(db, undefined, { name: `Fuzzed ${suffix}`, groupIds: [group.id] });
  const workflow = await saveWorkflow(db, undefined, { name: `Fuzzed ${suffix}`, taskIds: [task.id], pageIds: [] });
  const snippet = await insertSnippet(db, 'toolbox_snippet', { title: `Fuzzed ${suffix}`, body: [] });
  const rlid = uniqueRlidBase();
  await insertLocations(db, [testLocation(rlid, { waitListReady: true, isReservationsEnabled: true })]);
  return {
    '{home}': String(site.home.id),
    '{page}': String(page.id),
    '{formPage}': String(formPage.id),
    '{image}': String(image.id),
    '{document}': String(document.id),
    '{video}': String(video.id),
    '{collection}': String(collection.id),
    '{redirect}': String(redirect.id),
    '{site}': String(otherSite.site.id),
    '{user}': String(user.id),
    '{group}': String(group.id),
    '{workflow}': String(workflow.id),
    '{task}': String(task.id),
    '{snippet}': String(snippet.id),
    '{rlid}': String(rlid),
    '{planAheadId}': 'A'.repeat(22),
    '{sessionKey}': `fuzz${suffix}`,
    // Ids nothing has: a revision, task state, video source or track, reservation of no one's.
    '{missing}': '987654321',
  };
}

/** The demo's Editors group (pages: add, change, lock; media: add, choose), on this test's site. */
async function createEditor(db: Db, site: TestSite): Promise<User> {
  const suffix = uniqueSuffix();
  const user = await createUser(db, { username: `fuzz-editor-${suffix}`, email: `fuzz-editor-${suffix}@example.com`, password: TEST_PASSWORD, isSuperuser: false });
  const group = await saveGroup(db, undefined, {
    name: `Fuzz Editors ${suffix}`,
    canAccessAdmin: true,
    pageGrants: [{ pageId: site.home.id, permissions: ['add', 'change', 'lock'] }],
    collectionGrants: [{ collectionId: (await rootCollection(db)).id, permissions: ['add', 'choose'] }],
    objectGrants: [],
    hostGrant: { scope: 'none' },
  });
  await db.insertInto('user_groups').values({ user_id: user.id, group_id: group.id }).execute();
  return user;
}

describe('hostile requests to every back-office route, signed in', () => {
  let server: TestServer;
  let site: TestSite;

  before(async () => {
    server = await startTestServer();
    site = await createTestSite(server.db);
  });
  after(() => server.close());

  const signedInAs: Record<string, (db: Db) => Promise<User>> = {
    'a superuser': (db) => createAdminUser(db, { superuser: true }),
    'an Editors-group user': (db) => createEditor(db, site),
  };

  for (const [who, createSignedInUser] of Object.entries(signedInAs)) {
    for (const route of ADMIN_ROUTES) {
      it(`answers hostile requests to ${route} from ${who} without a server error`, async function () {
        this.timeout(120_000);
        const client = await signedInClient(server, await createSignedInUser(server.db));
        const headers = { cookie: client.jar.header(), 'x-csrftoken': client.jar.get('csrftoken') ?? '', accept: 'text/html,application/json' };
        const cases = routeCases(route, await createSamples(server, site), { headers });
        expect(await serverFailures(server, cases)).to.deep.equal([]);
        // Still signed in: the fuzz reached the views, not the sign-in page.
        expect((await client.get('/wagtail/')).status).to.equal(200);
      });
    }
  }
});
