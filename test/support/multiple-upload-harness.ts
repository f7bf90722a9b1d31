import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import busboy from 'busboy';
import express, { type Request } from 'express';
import Handlebars from 'handlebars';
import { gettext } from '../../client/lib/i18n';
import { loadAssetManifest } from '../../server/asset-manifest';
import { DIST_DIR } from '../../server/paths';
import { escapeHtml } from '../../server/render';

/**
 * A stand-in for one kind's multiple upload endpoints (the contract in the team notes), so the
 * upload client can be driven before the real images, documents and videos views exist.
 */

const PARTIALS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/admin/templates/partials');
export const HARNESS_CSRF_TOKEN = 'harness-csrf-token';
/** The size limit the harness page announces, and refuses above. */
export const HARNESS_MAX_BYTES = 2_000_000;

/** An item the harness accepted. */
export interface HarnessItem {
  id: number;
  title: string;
  collection: string;
  filename: string;
  size: number;
}

export interface MultipleUploadHarness {
  /** The page with the multiple upload partial for images. */
  url: string;
  items: Map<number, HarnessItem>;
  /** Upload requests received, and the most that were ever in flight at once. */
  stats: { uploads: number; inFlight: number; mostInFlight: number };
  close(): Promise<void>;
}

function renderPartial(context: Record<string, unknown>): string {
  const hbs = Handlebars.create();
  hbs.registerHelper('t', (message: string) => gettext(message));
  for (const name of ['csrf', 'multiple-upload']) hbs.registerPartial(name, readFileSync(path.join(PARTIALS_DIR, `${name}.hbs`), 'utf8'));
  return hbs.compile('{{> multiple-upload kind=kind uploadUrl=uploadUrl collections=collections accept=accept maxBytes=maxBytes}}')(context);
}

/** The item's edit form; with an error, it shows the refused `title` as submitted. */
function editForm(item: HarnessItem, error?: { title: string; message: string }): string {
  const base = `/wagtail/images/multiple/${item.id}/`;
  return `<form action="${base}" method="post">
  <input type="hidden" name="csrfmiddlewaretoken" value="${HARNESS_CSRF_TOKEN}">
  <div class="admin-field${error ? ' admin-field--invalid' : ''}">
    <label for="id_image-${item.id}-title">Title</label>
    <input type="text" id="id_image-${item.id}-title" name="title" value="${escapeHtml(error ? error.title : item.title)}">
    ${error ? `<p class="admin-field__error">${escapeHtml(error.message)}</p>` : ''}
  </div>
  <div class="admin-field">
    <label for="id_image-${item.id}-tags">Tags</label>
    <input type="text" id="id_image-${item.id}-tags" name="tags" value="">
  </div>
  <div class="admin-actions">
    <button type="submit" class="admin-button admin-button--primary">Update</button>
    <button type="submit" class="admin-button admin-button--danger" formaction="${base}delete/">Delete</button>
  </div>
</form>`;
}

function readUpload(req: Request): Promise<{ fields: Record<string, string>; files: Array<{ filename: string; size: number }> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Array<{ filename: string; size: number }> = [];
    const parser = busboy({ headers: req.headers });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (_name, stream, info) => {
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      stream.on('end', () => files.push({ filename: info.filename ?? '', size }));
    });
    parser.on('close', () => resolve({ fields, files }));
    parser.on('error', reject);
    req.pipe(parser);
  });
}

/** Serves the built admin assets, a page with the partial, and the upload, update and delete endpoints. */
export async function startMultipleUploadHarness(): Promise<MultipleUploadHarness> {
  const manifest = loadAssetManifest();
  const items = new Map<number, HarnessItem>();
  const stats = { uploads: 0, inFlight: 0, mostInFlight: 0 };
  let nextId = 1;
  const app = express();
  app.use('/static/dist', express.static(DIST_DIR, { fallthrough: false }));
  app.use(express.urlencoded({ extended: false }));

  app.get('/wagtail/images/multiple/add/', (_req, res) => {
    const body = renderPartial({
      csrfToken: HARNESS_CSRF_TOKEN,
      kind: 'images',
      uploadUrl: '/wagtail/images/multiple/add/',
      collections: [
        { id: 1, label: 'Root' },
        { id: 2, label: '— Menus' },
        { id: 3, label: '— — Seasonal' },
      ],
      accept: 'image/*',
      maxBytes: HARNESS_MAX_BYTES,
    });
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Add multiple images</title><link rel="stylesheet" href="${manifest.admin.css}"><script type="module" src="${manifest.admin.entry.file}"></script></head>
<body class="admin"><main class="admin-main" id="main"><header class="admin-header"><h1>Add multiple images</h1></header>${body}</main></body></html>`);
  });

  app.post('/wagtail/images/multiple/add/', async (req, res) => {
    stats.uploads += 1;
    stats.inFlight += 1;
    stats.mostInFlight = Math.max(stats.mostInFlight, stats.inFlight);
    try {
      if (req.get('x-csrftoken') !== HARNESS_CSRF_TOKEN) {
        res.status(403).json({ error: 'CSRF token missing or incorrect.' });
        return;
      }
      const { fields, files } = await readUpload(req);
      const file = files[0];
      if (files.length !== 1 || !file) {
        res.status(400).json({ success: false, error_message: 'Send one file per request.' });
        return;
      }
      // The harness's stand-in for a file the server refuses by its content.
      if (file.filename.startsWith('not-an-image')) {
        res.status(400).json({ success: false, error_message: 'Not a supported image format. Supported formats: AVIF, GIF, JPEG, PNG, WEBP.' });
        return;
      }
      const item: HarnessItem = { id: nextId++, title: path.parse(file.filename).name, collection: fields.collection ?? '', filename: file.filename, size: file.size };
      items.set(item.id, item);
      res.json({ success: true, id: item.id, title: item.title, form: editForm(item) });
    } finally {
      stats.inFlight -= 1;
    }
  });

  app.post('/wagtail/images/multiple/:id/', (req, res) => {
    const item = items.get(Number(req.params.id));
    if (!item || req.get('x-csrftoken') !== HARNESS_CSRF_TOKEN) {
      res.status(404).json({ success: false, error_message: 'No such image.' });
      return;
    }
    const posted: unknown = (req.body as Record<string, unknown> | undefined)?.title;
    const title = typeof posted === 'string' ? posted.trim() : '';
    if (!title) {
      res.status(400).json({ success: false, form: editForm(item, { title, message: 'This field is required.' }) });
      return;
    }
    item.title = title;
    res.json({ success: true, form: editForm(item) });
  });

  app.post('/wagtail/images/multiple/:id/delete/', (req, res) => {
    const deleted = req.get('x-csrftoken') === HARNESS_CSRF_TOKEN && items.delete(Number(req.params.id));
    res.status(deleted ? 200 : 404).json({ success: deleted });
  });

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wagtail/images/multiple/add/`,
    items,
    stats,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
