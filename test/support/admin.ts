import type { Db } from '../../server/db/database';
import type { ObjectPermission, PagePermission, Page, User } from '../../server/db/schema';
import type { PermissionModel } from '../../server/models/object-permissions';
import { createUser } from '../../server/models/users';
import { CookieJar } from './cookies';
import { uniqueSuffix } from './fixtures';
import { request, type TestResponse, type TestServer } from './server';

/** The password every admin test user gets. */
export const TEST_PASSWORD = 'correct-horse-battery';

/** Options of an admin test user: superuser, or a group with admin access and page grants. */
export interface AdminUserOptions {
  superuser?: boolean;
  adminAccess?: boolean;
  pagePermissions?: ReadonlyArray<{ page: Page; permissions: readonly PagePermission[] }>;
  /** Object permissions (redirects, sites, site settings, snippets) of the user's group. */
  objectPermissions?: ReadonlyArray<{ model: PermissionModel; permissions: readonly ObjectPermission[] }>;
  active?: boolean;
}

/** Creates a user with a unique name; non-superusers get a group of their own. */
export async function createAdminUser(db: Db, options: AdminUserOptions = {}): Promise<User> {
  const suffix = uniqueSuffix();
  const created = await createUser(db, { username: `editor-${suffix}`, email: `editor-${suffix}@example.com`, password: TEST_PASSWORD, isSuperuser: options.superuser ?? false });
  const user = options.active === false ? await db.updateTable('users').set({ is_active: false }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow() : created;
  if (!options.superuser) {
    const group = await db
      .insertInto('groups')
      .values({ name: `Editors ${suffix}`, can_access_admin: options.adminAccess ?? true })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db.insertInto('user_groups').values({ user_id: user.id, group_id: group.id }).execute();
    for (const grant of options.pagePermissions ?? []) {
      for (const permission of grant.permissions) {
        await db.insertInto('group_page_permissions').values({ group_id: group.id, page_id: grant.page.id, permission }).execute();
      }
    }
    for (const grant of options.objectPermissions ?? []) {
      for (const permission of grant.permissions) {
        await db.insertInto('group_object_permissions').values({ group_id: group.id, model: grant.model, permission }).execute();
      }
    }
  }
  return user;
}

/** One browser-like client of the admin: keeps cookies and sends the CSRF token with forms. */
export class AdminClient {
  readonly jar = new CookieJar();
  /** `headers` go with every request (X-Forwarded-For, say, to be a client address of its own). */
  constructor(
    private readonly server: Pick<TestServer, 'port'>,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** GET, storing cookies. */
  async get(path: string): Promise<TestResponse> {
    const response = await request(this.server, path, { headers: { ...this.headers, cookie: this.jar.header(), accept: 'text/html' } });
    this.jar.store(response.headers);
    return response;
  }

  /** POST a form; the CSRF token is added unless `csrf` is false. */
  async post(path: string, fields: Record<string, string | string[]> = {}, { csrf = true } = {}): Promise<TestResponse> {
    if (csrf && !this.jar.get('csrftoken')) await this.get('/wagtail/login/');
    const body = new URLSearchParams();
    if (csrf) body.append('csrfmiddlewaretoken', this.jar.get('csrftoken') ?? '');
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
    const response = await request(this.server, path, {
      method: 'POST',
      body: body.toString(),
      headers: { ...this.headers, cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    this.jar.store(response.headers);
    return response;
  }

  /** POST a JSON body with the CSRF token in the X-CSRFToken header (unless `csrf` is false). */
  async postJson(path: string, body: unknown = {}, { csrf = true } = {}): Promise<TestResponse> {
    if (csrf && !this.jar.get('csrftoken')) await this.get('/wagtail/login/');
    const response = await request(this.server, path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        ...this.headers,
        cookie: this.jar.header(),
        'content-type': 'application/json',
        accept: 'application/json',
        ...(csrf ? { 'x-csrftoken': this.jar.get('csrftoken') ?? '' } : {}),
      },
    });
    this.jar.store(response.headers);
    return response;
  }

  /** Signs in through the login form; returns the response (303 on success). */
  signIn(username: string, password = TEST_PASSWORD, next?: string): Promise<TestResponse> {
    return this.post('/wagtail/login/', { username, password, ...(next === undefined ? {} : { next }) });
  }
}

/** A client already signed in as this user. */
export async function signedInClient(server: Pick<TestServer, 'port'>, user: User): Promise<AdminClient> {
  const client = new AdminClient(server);
  const response = await client.signIn(user.username);
  if (response.status !== 303) throw new Error(`Sign-in of ${user.username} failed with ${response.status}`);
  return client;
}
