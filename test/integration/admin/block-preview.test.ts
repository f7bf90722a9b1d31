import { expect } from 'chai';
import { BLOCKS } from '../../../server/blocks/index';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { request, startTestServer, type TestServer } from '../../support/server';

describe('admin block preview', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const previewable = Object.values(BLOCKS).filter((block) => block.preview !== undefined);

  it('renders each block that declares a preview value alone, with the site stylesheet', async () => {
    const { hostname } = await createTestSite(server.db);
    const publicPage = await request(server, '/', { headers: { host: hostname } });
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(publicPage.body)?.[1];
    expect(stylesheet, 'the public site links a stylesheet').to.be.a('string');
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [] }));
    expect(previewable.length).to.be.greaterThan(15);
    for (const block of previewable) {
      const response = await editor.get(`/wagtail/block-preview/?id=${block.type}`);
      expect(response.status, block.type).to.equal(200);
      expect(response.headers['cache-control'], block.type).to.include('no-store');
      expect(response.body, block.type).to.include(`<link rel="stylesheet" href="${stylesheet}">`);
      expect(response.body, block.type).to.include(`block--${block.type.replace(/_/g, '-')}`);
      expect(response.body, block.type).to.include(`<title>Preview for ${block.label} (${block.type})</title>`);
      expect(response.body, block.type).to.not.include('site-header');
    }
    const hero = await editor.get('/wagtail/block-preview/?id=hero');
    expect(hero.body).to.include('Lobster season is here');
  });

  it('answers 404 for unknown blocks and blocks without a preview, and sends anonymous visitors to sign in', async () => {
    const editor = await signedInClient(server, await createAdminUser(server.db));
    expect((await editor.get('/wagtail/block-preview/?id=no_such_block')).status).to.equal(404);
    expect((await editor.get('/wagtail/block-preview/?id=constructor')).status).to.equal(404);
    expect((await editor.get('/wagtail/block-preview/')).status).to.equal(404);
    const withoutPreview = Object.values(BLOCKS).find((block) => block.preview === undefined);
    expect((await editor.get(`/wagtail/block-preview/?id=${withoutPreview!.type}`)).status).to.equal(404);
    const anonymous = await new AdminClient(server).get('/wagtail/block-preview/?id=heading');
    expect(anonymous.status).to.equal(302);
    expect(anonymous.headers.location).to.include('/wagtail/login/');
  });

  it('names the preview address in the block definitions the editor receives', async () => {
    const { serializeBlockDefinitions } = await import('../../../server/admin/block-definitions');
    const definitions = serializeBlockDefinitions();
    expect(definitions.find((definition) => definition.type === 'heading')?.preview_url).to.equal('/wagtail/block-preview/?id=heading');
    expect(definitions.filter((definition) => definition.preview_url).length).to.equal(previewable.length);
  });
});
