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
