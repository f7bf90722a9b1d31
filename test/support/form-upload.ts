import type { Db } from '../../server/db/database';
import type { CollectionPermission, User } from '../../server/db/schema';
import type { AdminClient } from './admin';
import type { TestServer } from './server';

/** One file of a multipart upload. */
export interface UploadFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart answer read whole. */
export interface UploadResponse {
  status: number;
  location: string | null;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * POSTs multipart/form-data as the signed-in client, with the CSRF token as a form field (the
 * no-script forms) or as the X-CSRFToken header when JSON is asked for (the scripts' fetches).
 */
export async function postMultipart(
  server: Pick<TestServer, 'baseUrl'>,
  client: AdminClient,
  path: string,
  fields: Record<string, string>,
  files: UploadFile[],
  { json = false } = {},
): Promise<UploadResponse> {
  if (!client.jar.get('csrftoken')) await client.get('/wagtail/login/');
  const token = client.jar.get('csrftoken') ?? '';
  const form = new FormData();
  if (!json) form.append('csrfmiddlewaretoken', token);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { cookie: client.jar.header(), accept: json ? 'application/json' : 'text/html', ...(json ? { 'x-csrftoken': token } : {}) },
  });
  const body = await response.text();
  return { status: response.status, location: response.headers.get('location'), body, json: <T>() => JSON.parse(body) as T };
}

/** Grants the user's own group (createAdminUser's) these permissions on a collection. */
export async function grantCollection(db: Db, user: User, collectionId: number, permissions: readonly CollectionPermission[]): Promise<void> {
  const group = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  for (const permission of permissions) {
    await db.insertInto('group_collection_permissions').values({ group_id: group.group_id, collection_id: collectionId, permission }).execute();
  }
}

/** A new collection under the root, with a unique name. */
export async function childCollection(db: Db, name: string): Promise<number> {
  const root = await db.selectFrom('collections').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const row = await db.insertInto('collections').values({ name: `${name} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, parent_id: root.id }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
