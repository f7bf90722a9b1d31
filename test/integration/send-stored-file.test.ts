import { expect } from 'chai';
import express from 'express';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { errorHandler } from '../../server/error-handler';
import { createMediaStorage, mediaKey, type MediaStorage } from '../../server/media-storage';
import { sendStoredFile } from '../../server/views/send-stored-file';
import { request } from '../support/server';

describe('sending a stored file', () => {
  let root: string;
  let server: Server;
  let port: number;
  let storage: MediaStorage;
  const key = mediaKey('documents', 'allergens.txt');

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'rh-media-'));
    const local = createMediaStorage(root);
    // Another process deletes the file between the size check and the read.
    storage = {
      ...local,
      async stat(name) {
        const info = await local.stat(name);
        await local.remove(name);
        return info;
      },
    };
    const app = express();
    app.get('/file', (_req, res, next) =>
      sendStoredFile(res, next, storage, key, { maxAgeMs: 60_000, downloadName: 'allergens.txt', notFound: 'There is no document at this address.' }),
    );
    app.use(errorHandler(pino({ level: 'silent' })));
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    port = (server.address() as AddressInfo).port;
    await local.save(key, Buffer.from('Shellfish, gluten, dairy.'));
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a clean 404 when the file vanishes between its stat and its read', async () => {
    const response = await request({ port }, '/file', { headers: { range: 'bytes=0-4', accept: 'application/json' } });
    expect(response.status).to.equal(404);
    expect(response.json()).to.deep.equal({ error: 'There is no document at this address.' });
    // (An ETag may remain: Express tags the error body itself.)
    for (const header of ['content-range', 'content-disposition', 'last-modified', 'accept-ranges']) expect(response.headers[header], header).to.equal(undefined);
  });
});
