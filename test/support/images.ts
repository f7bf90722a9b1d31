import sharp from 'sharp';
import type { Db } from '../../server/db/database';
import type { CollectionPermission, User } from '../../server/db/schema';
import type { AdminClient } from './admin';
import { uniqueSuffix } from './fixtures';
import type { TestServer } from './server';

/** A solid-colour image of this size and format. */
export function solidImage(width: number, height: number, colour = '#1b7f93', format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })[format]().toBuffer();
}

/** A new collection with a unique name under `parentId` (the root when left out). */
export async function createCollection(db: Db, name: string, parentId?: number): Promise<number> {
  const parent = parentId ?? (await db.selectFrom('collections').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
  const row = await db.insertInto('collections').values({ name: `${name} ${uniqueSuffix()}`, parent_id: parent }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Grants the user's own group (createAdminUser makes one) permissions on a collection. */
export async function grantCollection(db: Db, user: User, collectionId: number, permissions: readonly CollectionPermission[]): Promise<void> {
  const { group_id } = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  for (const permission of permissions) await db.insertInto('group_collection_permissions').values({ group_id, collection_id: collectionId, permission }).execute();
}

/** One file of a multipart post. */
export interface UploadPart {
  field: string;
  filename: string;
  bytes: Uint8Array;
  type?: string;
}

/** POSTs multipart/form-data as the signed-in client, the CSRF token in the header. */
export async function postMultipart(
  server: Pick<TestServer, 'baseUrl'>,
  client: AdminClient,
  path: string,
  fields: Record<string, string>,
  files: readonly UploadPart[],
  accept = 'application/json',
): Promise<{ status: number; body: string; location: string | null }> {
  if (!client.jar.get('csrftoken')) await client.get('/wagtail/login/');
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { cookie: client.jar.header(), accept, 'x-csrftoken': client.jar.get('csrftoken') ?? '' },
  });
  return { status: response.status, body: await response.text(), location: response.headers.get('location') };
}
