import { expect } from 'chai';
import { addChild, getPageOrThrow } from '../../../server/models/pages';
import { mediaPolicy, MODEL_POLICIES, pagePolicy } from '../../../server/models/permission-policies';
import { loadUserPermissions, isStaff } from '../../../server/models/permissions';
import { findUserByUsername, getUser } from '../../../server/models/users';
import { groupGrants } from '../../../server/models/groups';
import { AdminClient, TEST_PASSWORD, createAdminUser, signedInClient } from '../../support/admin';
import { createTestCollection } from '../../support/collections';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin users and groups', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('is only for user managers: editors get 403 and change nothing', async () => {
    const editor = await signedInClient(server, await createAdminUser(server.db));
    const victim = await createAdminUser(server.db);
    for (const path of ['/wagtail/users/', '/wagtail/groups/', `/wagtail/users/${victim.id}/`, '/wagtail/groups/add/']) {
      expect((await editor.get(path)).status, path).to.equal(403);
    }
    expect((await editor.post(`/wagtail/users/${victim.id}/deactivate/`)).status).to.equal(403);
    expect((await editor.post(`/wagtail/users/${victim.id}/delete/`)).status).to.equal(403);
    expect((await getUser(server.db, victim.id))?.is_active).to.equal(true);
    expect((await new AdminClient(server).get('/wagtail/users/')).status).to.equal(302);
  });

  it('adds, searches, edits, deactivates and deletes users', async () => {
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const username = `cook-${uniqueSuffix()}`;
    const short = await admin.post('/wagtail/users/add/', { username, email: `${username}@example.com`, password1: 'short', password2: 'short', is_active: 'on' });
    expect(short.status).to.equal(400);
    expect(short.body).to.include('at least 10 characters').and.include(`value="${username}"`);
    expect(
      (await admin.post('/wagtail/users/add/', { username, email: `${username}@example.com`, first_name: 'Sam', password1: TEST_PASSWORD, password2: TEST_PASSWORD, is_active: 'on' }))
        .status,
    ).to.equal(303);
    const duplicate = await admin.post('/wagtail/users/add/', { username: username.toUpperCase(), password1: TEST_PASSWORD, password2: TEST_PASSWORD });
    expect(duplicate.body).to.include('A user with that username already exists.');
    const user = (await findUserByUsername(server.db, username))!;

    const found = await admin.get(`/wagtail/users/?q=${username}`);
    expect(found.body).to.include(`/wagtail/users/${user.id}/`);
    expect((await admin.get('/wagtail/users/?q=nobody-matches-this')).body).to.include('No user matches.');

    expect((await admin.post(`/wagtail/users/${user.id}/`, { username, email: 'new@example.com', first_name: 'Samantha', is_active: 'on' })).status).to.equal(303);
    expect(await getUser(server.db, user.id)).to.include({ email: 'new@example.com', first_name: 'Samantha' });

    const cook = new AdminClient(server);
    expect((await admin.post(`/wagtail/users/${user.id}/deactivate/`)).status).to.equal(303);
    expect((await cook.signIn(username)).status).to.equal(400);
    expect((await admin.post(`/wagtail/users/${user.id}/activate/`)).status).to.equal(303);
    expect((await admin.post(`/wagtail/users/${user.id}/delete/`)).status).to.equal(303);
    expect(await getUser(server.db, user.id)).to.equal(undefined);
  });

  it('keeps a search with an ampersand in its Previous and Next links', async () => {
    const word = `Fish&Chips${uniqueSuffix()}`;
    const users = Array.from({ length: 51 }, (_, index) => ({ username: `chips-${uniqueSuffix()}-${index}`, email: '', first_name: word, last_name: String(index), password: '!' }));
    await server.db.insertInto('users').values(users).execute();
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const first = await admin.get(`/wagtail/users/?q=${encodeURIComponent(word)}`);
    expect(first.body).to.include('Page 1 of 2');
    const next = /href="([^"]*)">Next</
      .exec(first.body)?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&#x3D;/g, '=');
    expect(next).to.equal(`?q=${encodeURIComponent(word).replace(/%20/g, '+')}&p=2`);
    const second = await admin.get(`/wagtail/users/${next}`);
    expect(second.body).to.include('Page 2 of 2').and.include(word.replace('&', '&amp;'));
  });

  it('refuses weak passwords when adding or editing a user, beside the password field', async () => {
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const username = `galley-${uniqueSuffix()}`;
    const fields = { username, email: `${username}@example.com`, is_active: 'on' };
    const numeric = await admin.post('/wagtail/users/add/', { ...fields, password1: '1234567890', password2: '1234567890' });
    expect(numeric.status).to.equal(400);
    expect(numeric.body).to.include('This password is entirely numeric.').and.include('This password is too common.');
    const similar = await admin.post('/wagtail/users/add/', { ...fields, password1: `${username}-1`, password2: `${username}-1` });
    expect(similar.body).to.include('The password is too similar to the username.');
    expect(await findUserByUsername(server.db, username)).to.equal(undefined);

    expect((await admin.post('/wagtail/users/add/', { ...fields, password1: TEST_PASSWORD, password2: TEST_PASSWORD })).status).to.equal(303);
    const user = (await findUserByUsername(server.db, username))!;
    const common = await admin.post(`/wagtail/users/${user.id}/`, { ...fields, password1: 'password123', password2: 'password123' });
    expect(common.status).to.equal(400);
    expect(common.body).to.include('This password is too common.');
    expect((await new AdminClient(server).signIn(username, 'password123')).status).to.equal(400);
  });

  it('refuses to deactivate or delete yourself', async () => {
    const me = await createAdminUser(server.db, { superuser: true });
    const admin = await signedInClient(server, me);
    expect((await admin.post(`/wagtail/users/${me.id}/deactivate/`)).status).to.equal(400);
    expect((await admin.post(`/wagtail/users/${me.id}/delete/`)).status).to.equal(400);
    expect((await getUser(server.db, me.id))?.is_active).to.equal(true);
  });

  it('grants admin access, page permissions inherited by the subtree, and collection permissions', async () => {
    const { home } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'Menus', slug: 'menus', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const deep = await addChild(server.db, section, { title: 'Lunch', slug: 'lunch', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const name = `Menu editors ${uniqueSuffix()}`;
    const root = await server.db.selectFrom('collections').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const created = await admin.post('/wagtail/groups/add/', {
      name,
      can_access_admin: 'on',
      'pp-0-page': String(section.id),
      'pp-0-perm': ['change', 'publish'],
      'pp-1-page': '',
      [`cp-${root.id}`]: 'choose',
    });
    expect(created.status).to.equal(303);
    const group = await server.db.selectFrom('groups').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const form = await admin.get(`/wagtail/groups/${group.id}/`);
    expect(form.status).to.equal(200);
    expect(form.body).to.include(`value="${name}"`);

    const member = await createAdminUser(server.db, { adminAccess: false });
    expect(await isStaff(server.db, member.id)).to.equal(false);
    await server.db.insertInto('user_groups').values({ user_id: member.id, group_id: group.id }).execute();
    expect(await isStaff(server.db, member.id)).to.equal(true);
    const perms = await loadUserPermissions(server.db, (await getUser(server.db, member.id))!);
    expect(pagePolicy.userHasPermissionForInstance(perms, 'publish', await getPageOrThrow(server.db, deep.id))).to.equal(true);
    expect(pagePolicy.userHasPermissionForInstance(perms, 'change', home)).to.equal(false);
    expect(pagePolicy.userHasPermissionForInstance(perms, 'bulk_delete', deep)).to.equal(false);
    expect(mediaPolicy.userHasPermissionInCollection(perms, 'choose', root.id)).to.equal(true);
    expect(mediaPolicy.userHasPermissionInCollection(perms, 'delete', root.id)).to.equal(false);

    const duplicate = await admin.post('/wagtail/groups/add/', { name: name.toUpperCase() });
    expect(duplicate.status).to.equal(400);
    expect(duplicate.body).to.include('A group with that name already exists.');
    expect((await admin.post(`/wagtail/groups/${group.id}/delete/`)).status).to.equal(303);
    expect(await isStaff(server.db, member.id)).to.equal(false);
  });

  it('grants the management of one collection on the group form, apart from its media permissions', async () => {
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const managed = await createTestCollection(server.db, 'Managed');
    const name = `Collection keepers ${uniqueSuffix()}`;
    const created = await admin.post('/wagtail/groups/add/', {
      name,
      can_access_admin: 'on',
      [`cp-${managed.id}`]: ['choose'],
      [`cm-${managed.id}`]: ['add_collection', 'change_collection', 'not-a-permission'],
    });
    expect(created.status).to.equal(303);
    const group = await server.db.selectFrom('groups').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const { collectionGrants } = await groupGrants(server.db, group.id);
    expect(collectionGrants.map((grant) => grant.collectionId)).to.deep.equal([managed.id]);
    expect(collectionGrants[0]!.permissions).to.have.members(['choose', 'add_collection', 'change_collection']);
    const form = (await admin.get(`/wagtail/groups/${group.id}/`)).body;
    expect(form).to.include('Collection management permissions');
    expect(form).to.match(new RegExp(`name="cm-${managed.id}" value="add_collection"[^>]*checked`));
    expect(form).to.match(new RegExp(`name="cm-${managed.id}" value="delete_collection"(?![^>]*checked)`));
    expect(form).to.match(new RegExp(`name="cp-${managed.id}" value="choose"[^>]*checked`));

    const member = await createAdminUser(server.db);
    await server.db.insertInto('user_groups').values({ user_id: member.id, group_id: group.id }).execute();
    const client = await signedInClient(server, member);
    expect((await client.post('/wagtail/collections/add/', { name: `Child ${uniqueSuffix()}`, parent: String(managed.id) })).status).to.equal(303);
    expect((await client.get(`/wagtail/collections/${managed.id}/privacy/`)).status).to.equal(200);
  });

  it('grants object permissions on the group form, and the sidebar offers only the areas they open', async () => {
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const name = `Redirect keepers ${uniqueSuffix()}`;
    const created = await admin.post('/wagtail/groups/add/', {
      name,
      can_access_admin: 'on',
      'op-redirect': ['add', 'change'],
      'op-country': 'delete',
      'op-nonsense': 'add',
      'op-site': 'fly',
    });
    expect(created.status).to.equal(303);
    const group = await server.db.selectFrom('groups').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const form = await admin.get(`/wagtail/groups/${group.id}/`);
    expect(form.body).to.match(/name="op-redirect" value="add" aria-label="Redirects: Add" checked/);
    expect(form.body).to.match(/name="op-redirect" value="delete" aria-label="Redirects: Delete" >/);
    expect(form.body).to.match(/name="op-country" value="delete" aria-label="Countries: Delete" checked/);

    const member = await createAdminUser(server.db, { adminAccess: false });
    await server.db.insertInto('user_groups').values({ user_id: member.id, group_id: group.id }).execute();
    const perms = await loadUserPermissions(server.db, member);
    expect(MODEL_POLICIES.redirect.userHasPermission(perms, 'change')).to.equal(true);
    expect(MODEL_POLICIES.redirect.userHasPermission(perms, 'delete')).to.equal(false);
    expect(MODEL_POLICIES.site.userHasPermission(perms, 'add')).to.equal(false);
    expect(
      await server.db.selectFrom('group_object_permissions').select(['model', 'permission']).where('group_id', '=', group.id).orderBy(['model', 'permission']).execute(),
    ).to.deep.equal([
      { model: 'country', permission: 'delete' },
      { model: 'redirect', permission: 'add' },
      { model: 'redirect', permission: 'change' },
    ]);

    const menu = (await (await signedInClient(server, member)).get('/wagtail/')).body;
    expect(menu).to.include('href="/wagtail/redirects/"').and.include('href="/wagtail/snippets/"');
    expect(menu).to.not.include('href="/wagtail/sites/"');
    expect(menu).to.not.include('href="/wagtail/users/"');
    expect((await admin.get('/wagtail/')).body)
      .to.include('href="/wagtail/sites/"')
      .and.include('href="/wagtail/settings/"');
  });

  it('denies inactive users everything, superuser or not', async () => {
    const inactive = await createAdminUser(server.db, { superuser: true, active: false });
    expect(await isStaff(server.db, inactive.id)).to.equal(false);
    const { home } = await createTestSite(server.db);
    expect(pagePolicy.userHasPermissionForInstance(await loadUserPermissions(server.db, inactive), 'change', home)).to.equal(false);
  });
});
