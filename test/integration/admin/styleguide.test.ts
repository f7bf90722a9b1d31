import { expect } from 'chai';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin styleguide', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('shows the admin components through the real partials to any admin user', async () => {
    const editor = await signedInClient(server, await createAdminUser(server.db));
    const page = await editor.get('/wagtail/styleguide/');
    expect(page.status).to.equal(200);
    expect(page.body).to.include('<h1>Styleguide</h1>').and.include('href="/wagtail/styleguide/" aria-current="page"');
    // A field with its error, the form's error summary, a message of each level, a chooser, a listing, pagination, status tags.
    expect(page.body).to.include('id="id_sg_title-error" role="alert"').and.include('aria-invalid="true"');
    expect(page.body).to.include('The form could not be saved. Please correct the errors below.');
    for (const level of ['success', 'warning', 'error']) expect(page.body).to.include(`admin-message--${level}`);
    expect(page.body).to.include('data-controller="media-chooser"').and.include('admin-table--stack').and.include('Page 2 of 5');
    for (const kind of ['live', 'draft', 'changes', 'scheduled', 'expired', 'locked', 'moderation', 'restricted']) expect(page.body).to.include(`admin-status--${kind}`);
  });

  it('sends anonymous visitors to sign in', async () => {
    const response = await new AdminClient(server).get('/wagtail/styleguide/');
    expect(response.status).to.equal(302);
    expect(response.headers.location).to.equal('/wagtail/login/?next=%2Fwagtail%2Fstyleguide%2F');
  });
});
