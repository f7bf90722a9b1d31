import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ChooserResponse, StreamValue } from '../../admin-client/streamfield/schemas';
import { editorPageHtml } from '../../scripts/build-streamfield';
import { BLOCK_PREVIEW_URL } from '../../server/admin/block-preview';
import { validateStream } from '../../server/admin/stream-validation';
import { loadStreamFieldManifest } from '../../server/admin/streamfield-assets';
import { STREAMFIELD_CHOOSER_URLS, streamFieldConfig } from '../../server/admin/streamfield-config';
import { DIST_DIR } from '../../server/paths';

/** The images the harness server's image chooser offers. */
export const HARNESS_IMAGES: ChooserResponse['results'] = [
  { id: 1, title: 'Lobster on the dock', thumbnail_url: '/thumbnails/1.svg' },
  { id: 7, title: 'Oysters on ice', thumbnail_url: '/thumbnails/7.svg' },
  { id: 12, title: 'Harbor at dawn', thumbnail_url: '/thumbnails/12.svg' },
];

/** A body the last save refused: a hero without title, an accordion row without text, a retired type. */
export const INVALID_VALUE: StreamValue = [
  { type: 'hero', id: 'bad-hero', value: { title: '', link: { page: null, url: '/menu/' }, link_text: '' } },
  { type: 'accordion', id: 'bad-accordion', value: { heading: 'FAQ', accordions: [{ default_content: 'Hours?', hidden_content: '' }] } },
  { type: 'retired_block', id: 'bad-type', value: { anything: true } },
];

/** A running harness: the built editor page and an image chooser answering `{results}`. */
export interface StreamFieldHarness {
  url: string;
  /** The editor entry (as the admin mounts it) on INVALID_VALUE with its validation errors. */
  invalidUrl: string;
  /** Queries the image chooser was asked, in order. */
  chooserQueries: string[];
  close(): Promise<void>;
}

const THUMBNAIL_COLOURS: Record<string, string> = { '1': '#c8281e', '7': '#1b7f93', '12': '#0f2a3d' };

/** Serves static/dist (built by test/setup.ts) and the image chooser JSON on a free port. */
export async function startStreamFieldHarness(): Promise<StreamFieldHarness> {
  const chooserQueries: string[] = [];
  const app = express();
  app.use('/static/dist', express.static(DIST_DIR, { fallthrough: false }));
  app.get('/invalid/', (_req, res) => {
    const manifest = loadStreamFieldManifest();
    const config = streamFieldConfig({ name: 'body', value: INVALID_VALUE, errors: validateStream(INVALID_VALUE) });
    res.type('html').send(editorPageHtml({ script: manifest.editor, css: manifest.css, config }));
  });
  app.get(STREAMFIELD_CHOOSER_URLS.image, (req, res) => {
    const query = typeof req.query.q === 'string' ? req.query.q.toLowerCase() : '';
    chooserQueries.push(query);
    const body: ChooserResponse = { results: HARNESS_IMAGES.filter((image) => image.title.toLowerCase().includes(query)) };
    res.json(body);
  });
  // The block menu frames each block's preview; the harness has no site to draw it in, so it names the block.
  app.get(BLOCK_PREVIEW_URL, (req, res) => {
    const id = typeof req.query.id === 'string' ? req.query.id : '';
    res.type('html').send(`<!doctype html><title>Preview</title><p data-harness-preview>${id.replace(/[^a-z_]/g, '')}</p>`);
  });
  app.get('/thumbnails/:id.svg', (req, res) => {
    const colour = THUMBNAIL_COLOURS[req.params.id] ?? '#6b7378';
    res.type('image/svg+xml').send(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="${colour}"/></svg>`);
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/static/dist/streamfield/harness.html`,
    invalidUrl: `http://127.0.0.1:${port}/invalid/`,
    chooserQueries,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
