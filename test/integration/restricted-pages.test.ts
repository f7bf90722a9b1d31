import { expect } from 'chai';
import type { Page } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { createUser } from '../../server/models/users';
import { addViewRestriction } from '../../server/models/view-restrictions';
import { LOGIN_FAILURE_LIMITS } from '../../server/models/login-throttle';
import { CookieJar } from '../support/cookies';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { uniqueClientAddress } from '../support/forms';
import { request, startTestServer, type TestServer, type TestResponse } from '../support/server';

describe('pages with view restrictions', () => {
  let server: TestServer;
  let testSite: TestSite;
  let members: Page;
  let notes: Page;
  let passwordRestrictionId: number;

  before(async () => {
    // Visitors that name an address in X-Forwarded-For are counted under it, as behind a proxy.
    server = await startTestServer({ TRUST_PROXY: '1' });
    testSite = await createTestSite(server.db);
    members = await addChild(server.db, testSite.home, {
      title: 'Members',
      slug: 'members',
      pageType: 'content_page',
      content: { body: [{ type: 'heading', id: 'm1', value: { text: 'Crew schedule' } }] },
    });
    notes = await addChild(server.db, members, { title: 'Crew Notes', slug: 'notes', pageType: 'blank_page', content: {} });
    passwordRestrictionId = (await addViewRestriction(server.db, members, { type: 'password', password: 'lobster-bisque' })).id;
  });
  after(() => server.close());

  /** One visitor: keeps cookies, posts forms with the CSRF token from the cookie; `headers` go with every request. */
  function visitor(on: TestServer = server, headers: Record<string, string> = {}) {
    const jar = new CookieJar();
    const send = async (path: string, form?: Record<string, string>): Promise<TestResponse> => {
      const body = form ? new URLSearchParams({ csrfmiddlewaretoken: jar.get('csrftoken') ?? '', ...form }).toString() : undefined;
      const response = await request(on, path, {
        host: testSite.hostname,
        method: form ? 'POST' : 'GET',
        body,
        headers: { ...headers, cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      });
      jar.store(response.headers);
      return response;
    };
    return { jar, send };
  }

  it('shows a password form instead of the page and its subpages', async () => {
    const { send } = visitor();
    for (const [path, page] of [
      ['/members/', members],
      ['/members/notes/', notes],
    ] as const) {
      const response = await send(path);
      expect(response.status, path).to.equal(200);
      expect(response.body).to.include('Password required');
      expect(response.body).to.include(`action="/_util/authenticate_with_password/${passwordRestrictionId}/${page.id}/"`);
      expect(response.body).to.not.include('Crew schedule');
      expect(response.headers['cache-control']).to.equal('private, no-store');
    }
  });

  it('refuses a wrong password and remembers the right one in the session', async () => {
    const { send, jar } = visitor();
    await send('/members/');
    const action = `/_util/authenticate_with_password/${passwordRestrictionId}/${members.id}/`;

    const wrong = await send(action, { password: 'clam-chowder', return_url: '/members/' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.include('The password you have entered is not correct. Please try again.');
    expect((await send('/members/')).body).to.not.include('Crew schedule');

    const right = await send(action, { password: 'lobster-bisque', return_url: '/members/' });
    expect(right.status).to.equal(303);
    expect(right.headers.location).to.equal('/members/');
    expect(String(right.headers['set-cookie'])).to.match(/sessionid=[^;]+;.*HttpOnly/);
    expect(jar.get('sessionid')).to.be.a('string');

    expect((await send('/members/')).body).to.include('Crew schedule');
    expect((await send('/members/notes/')).body).to.include('Crew Notes');
    expect((await visitor().send('/members/')).body).to.not.include('Crew schedule');
  });

  it('never redirects off the site after a password, and refuses posts without a CSRF token', async () => {
    const { send } = visitor();
    await send('/members/');
    const action = `/_util/authenticate_with_password/${passwordRestrictionId}/${members.id}/`;
    const offsite = await send(action, { password: 'lobster-bisque', return_url: '//evil.example/' });
    expect(offsite.headers.location).to.equal('/');
    const forged = await request(server, action, {
      host: testSite.hostname,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=lobster-bisque',
    });
    expect(forged.status).to.equal(403);
  });

  /** A page of its own behind its own password; returns the form's action. */
  async function passwordProtectedPage(password: string): Promise<{ path: string; action: string }> {
    const page = await addChild(server.db, testSite.home, { title: 'Vault', slug: `vault-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
    const restriction = await addViewRestriction(server.db, page, { type: 'password', password });
    return { path: `/${page.slug}/`, action: `/_util/authenticate_with_password/${restriction.id}/${page.id}/` };
  }

  it('stops taking guesses at a page password from an address after repeated failures, even the right one, and still takes it from another address', async () => {
    const vault = await passwordProtectedPage('oyster-stew');
    const guesser = visitor(server, { 'x-forwarded-for': uniqueClientAddress() });
    await guesser.send(vault.path);
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMITS.pair; attempt += 1) {
      expect((await guesser.send(vault.action, { password: `guess-${attempt}`, return_url: vault.path })).status).to.equal(400);
    }
    const refused = await guesser.send(vault.action, { password: 'oyster-stew', return_url: vault.path });
    expect(refused.status).to.equal(429);
    expect(refused.body).to.include('Too many wrong passwords have been tried. Please wait a few minutes and try again.');
    expect(refused.headers.location).to.equal(undefined);
    expect((await guesser.send(vault.path)).body).to.include('Password required');

    // A visitor elsewhere is not locked out by the guesser.
    const someoneElse = visitor(server, { 'x-forwarded-for': uniqueClientAddress() });
    await someoneElse.send(vault.path);
    expect((await someoneElse.send(vault.action, { password: 'oyster-stew', return_url: vault.path })).status).to.equal(303);
    expect((await someoneElse.send(vault.path)).body).to.not.include('Password required');
    // Only this password is locked from the guesser's address: it may still open another page.
    const other = await passwordProtectedPage('crab-cake');
    expect((await guesser.send(other.action, { password: 'crab-cake', return_url: other.path })).status).to.equal(303);
  });

  it('checks no more guesses than the limit when they all arrive at once', async () => {
    const vault = await passwordProtectedPage('lobster-roll');
    const { send } = visitor();
    await send(vault.path);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, attempt) => send(vault.action, { password: `guess-${attempt}`, return_url: vault.path })));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).to.have.length(LOGIN_FAILURE_LIMITS.pair);
    expect(statuses.filter((status) => status === 429)).to.have.length(20 - LOGIN_FAILURE_LIMITS.pair);
  });

  it('stops taking page passwords from an address that guessed wrong at too many of them, whichever the page', async () => {
    const limited = await startTestServer({ TRUST_PROXY: '1', LOGIN_FAILURES_PER_IP: '3' });
    try {
      const first = await passwordProtectedPage('mussels');
      const others = [await passwordProtectedPage('scallops'), await passwordProtectedPage('cockles')];
      const fourth = await passwordProtectedPage('whelks');
      const sprayer = visitor(limited, { 'x-forwarded-for': uniqueClientAddress() });
      await sprayer.send(first.path);
      // Right passwords do not add up to a lockout, and nor do many wrong guesses at one page.
      for (let entry = 0; entry < 4; entry += 1) expect((await sprayer.send(fourth.action, { password: 'whelks', return_url: fourth.path })).status).to.equal(303);
      for (const guess of ['a', 'b', 'c', 'd']) expect((await sprayer.send(first.action, { password: guess, return_url: first.path })).status).to.equal(400);
      expect((await sprayer.send(fourth.action, { password: 'whelks', return_url: fourth.path })).status).to.equal(303);
      for (const page of others) expect((await sprayer.send(page.action, { password: 'wrong', return_url: page.path })).status).to.equal(400);
      const refused = await sprayer.send(fourth.action, { password: 'whelks', return_url: fourth.path });
      expect(refused.status).to.equal(429);
      expect(refused.body).to.include('Too many wrong passwords have been tried.');

      const neighbour = visitor(limited, { 'x-forwarded-for': uniqueClientAddress() });
      await neighbour.send(fourth.path);
      expect((await neighbour.send(fourth.action, { password: 'whelks', return_url: fourth.path })).status).to.equal(303);
    } finally {
      await limited.close();
    }
  });

  it("forgets a page password's failures once someone enters it", async () => {
    const vault = await passwordProtectedPage('clam-bake');
    const { send } = visitor();
    await send(vault.path);
    const almostLocked = async () => {
      for (let attempt = 1; attempt < LOGIN_FAILURE_LIMITS.pair; attempt += 1) {
        expect((await send(vault.action, { password: `guess-${attempt}`, return_url: vault.path })).status).to.equal(400);
      }
      expect((await send(vault.action, { password: 'clam-bake', return_url: vault.path })).status).to.equal(303);
    };
    await almostLocked();
    await almostLocked();
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMITS.pair; attempt += 1) await send(vault.action, { password: `again-${attempt}`, return_url: vault.path });
    expect((await send(vault.action, { password: 'clam-bake', return_url: vault.path })).status).to.equal(429);
  });

  it('answers 404 for a restriction that does not protect the page', async () => {
    const { send } = visitor();
    expect((await send(`/_util/authenticate_with_password/${passwordRestrictionId}/${testSite.home.id}/`)).status).to.equal(404);
    expect((await send(`/_util/authenticate_with_password/abc/${members.id}/`)).status).to.equal(404);
    // Ids past a database id's range cannot exist: a 404, never the database's out-of-range error.
    expect((await send(`/_util/authenticate_with_password/${passwordRestrictionId}/99999999999/`)).status).to.equal(404);
    expect((await send(`/_util/authenticate_with_password/99999999999/${members.id}/`)).status).to.equal(404);
  });

  it('sends visitors of login-restricted pages to /_util/login/ and back after signing in', async () => {
    const crew = await addChild(server.db, testSite.home, { title: 'Crew Only', slug: 'crew-only', pageType: 'blank_page', content: {} });
    await addViewRestriction(server.db, crew, { type: 'login' });
    const username = `crew-${uniqueSuffix()}`;
    await createUser(server.db, { username, password: 'tartar-sauce-42' });
    const { send } = visitor();

    const redirect = await send('/crew-only/');
    expect(redirect.status).to.equal(302);
    expect(redirect.headers.location).to.equal('/_util/login/?next=%2Fcrew-only%2F');

    const form = await send('/_util/login/?next=/crew-only/');
    expect(form.status).to.equal(200);
    expect(form.body).to.include('name="next" value="/crew-only/"');

    const wrong = await send('/_util/login/', { username, password: 'nope', next: '/crew-only/' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.include('Please enter a correct username and password.');

    const right = await send('/_util/login/', { username, password: 'tartar-sauce-42', next: '/crew-only/' });
    expect(right.status).to.equal(303);
    expect(right.headers.location).to.equal('/crew-only/');
    const page = await send('/crew-only/');
    expect(page.status).to.equal(200);
    expect(page.body).to.include('<h1 class="page-title">Crew Only</h1>');
  });
});
