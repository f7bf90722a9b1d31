import { expect } from 'chai';
import { SESSION_COOKIE_NAME } from '../../../server/sessions';
import { LOGIN_FAILURE_LIMITS } from '../../../server/models/login-throttle';
import { RESET_MAILS_PER_ADDRESS } from '../../../server/models/password-reset';
import { uniqueSuffix } from '../../support/fixtures';
import { uniqueClientAddress } from '../../support/forms';
import { AdminClient, TEST_PASSWORD, createAdminUser, signedInClient } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin sign-in and account', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ TRUST_PROXY: '1', PASSWORD_RESETS_PER_IP: '10' });
  });
  after(() => server.close());

  /** A client of its own address, so the reset limits of one test never touch another. */
  const clientOfItsOwn = () => new AdminClient(server, { 'x-forwarded-for': uniqueClientAddress() });
  const resetMailsTo = async (email: string) =>
    Number(
      (
        await server.db
          .selectFrom('outbox_emails')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('to_address', '=', email)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sends anonymous visitors to the login page with next, and signs in with a new session id', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const client = new AdminClient(server);
    const anonymous = await client.get('/wagtail/');
    expect(anonymous.status).to.equal(302);
    expect(anonymous.headers.location).to.equal('/wagtail/login/?next=%2Fwagtail%2F');

    // A session exists before sign-in (a fixation attempt would plant one like it).
    await client.post('/wagtail/login/', { username: user.username, password: 'wrong password' });
    client.jar.store({ 'set-cookie': [`${SESSION_COOKIE_NAME}=s%3Aplanted.fake`] });
    const before = client.jar.get(SESSION_COOKIE_NAME);
    const signIn = await client.signIn(user.username, TEST_PASSWORD, '/wagtail/account/');
    expect(signIn.status).to.equal(303);
    expect(signIn.headers.location).to.equal('/wagtail/account/');
    expect(client.jar.get(SESSION_COOKIE_NAME)).to.be.a('string').and.not.equal(before);
    expect(signIn.headers['set-cookie']?.find((c) => c.startsWith(SESSION_COOKIE_NAME)))
      .to.match(/HttpOnly/i)
      .and.match(/SameSite=Lax/i);
    const dashboard = await client.get('/wagtail/');
    expect(dashboard.status).to.equal(200);
    expect(dashboard.body).to.include('Dashboard');
  });

  it('keeps next on this site', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example/', '\\\\evil.example', '/\t/evil.example', 'javascript:alert(1)']) {
      const client = new AdminClient(server);
      const response = await client.signIn(user.username, TEST_PASSWORD, next);
      expect(response.status, next).to.equal(303);
      expect(response.headers.location, next).to.equal('/wagtail/');
    }
    const page = await new AdminClient(server).get('/wagtail/login/?next=//evil.example/');
    expect(page.body).to.include('name="next" value="/wagtail/"');
  });

  it('refuses wrong passwords, inactive users and users without admin access', async () => {
    const noAccess = await createAdminUser(server.db, { adminAccess: false });
    const inactive = await createAdminUser(server.db, { superuser: true, active: false });
    const client = new AdminClient(server);
    expect((await client.signIn(noAccess.username)).status).to.equal(403);
    expect((await client.signIn(inactive.username)).status).to.equal(400);
    const wrong = await client.signIn(noAccess.username, 'not it at all');
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.include('Please enter a correct username and password');
    expect((await client.get('/wagtail/')).status).to.equal(302);
  });

  it('locks an account out from the address of repeated failures, even with the right password, and signs it in from another address', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const attacker = clientOfItsOwn();
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMITS.pair; attempt += 1) {
      expect((await attacker.signIn(user.username, `wrong-${attempt}`)).status).to.equal(400);
    }
    const locked = await attacker.signIn(user.username);
    expect(locked.status).to.equal(429);
    expect(locked.body).to.include('Too many failed sign-in attempts');
    expect((await clientOfItsOwn().signIn(user.username)).status).to.equal(303);
    const other = await createAdminUser(server.db, { superuser: true });
    expect((await attacker.signIn(other.username)).status).to.equal(303);
  });

  it('stops taking sign-ins from an address that failed on too many accounts, and from that address only', async () => {
    const limited = await startTestServer({ TRUST_PROXY: '1', LOGIN_FAILURES_PER_IP: '3' });
    try {
      const user = await createAdminUser(limited.db, { superuser: true });
      const address = { 'x-forwarded-for': uniqueClientAddress() };
      const sprayer = new AdminClient(limited, address);
      // Mistyping one's own password is one account to the address, however many times.
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMITS.pair - 1; attempt += 1) expect((await sprayer.signIn(user.username, `typo-${attempt}`)).status).to.equal(400);
      expect((await sprayer.signIn(user.username)).status).to.equal(303);
      for (let account = 0; account < 3; account += 1) expect((await sprayer.signIn(`nobody-${uniqueSuffix()}`, 'Spring2026!')).status).to.equal(400);
      const refused = await new AdminClient(limited, address).signIn(user.username);
      expect(refused.status).to.equal(429);
      expect(refused.body).to.include('Too many failed sign-in attempts');
      expect((await new AdminClient(limited, { 'x-forwarded-for': uniqueClientAddress() }).signIn(user.username)).status).to.equal(303);
    } finally {
      await limited.close();
    }
  });

  it('refuses an admin POST without the CSRF token and changes nothing', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const client = await signedInClient(server, user);
    const response = await client.post('/wagtail/account/', { first_name: 'Mallory' }, { csrf: false });
    expect(response.status).to.equal(403);
    const row = await server.db.selectFrom('users').select('first_name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.first_name).to.equal('');
  });

  it('edits name and email, and changes the password only with the current one', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const client = await signedInClient(server, user);
    const bad = await client.post('/wagtail/account/', { first_name: 'Ada', last_name: 'Lovelace', email: 'not-an-email' });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.include('Enter a valid email address.').and.include('value="Ada"');
    expect((await client.post('/wagtail/account/', { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' })).status).to.equal(303);
    expect((await client.get('/wagtail/account/')).body).to.include('Your account details have been saved.');

    const wrongCurrent = await client.post('/wagtail/account/change_password/', { old_password: 'nope', new_password1: 'a-new-password-1', new_password2: 'a-new-password-1' });
    expect(wrongCurrent.status).to.equal(400);
    expect(wrongCurrent.body).to.include('Your current password was entered incorrectly.');
    const changed = await client.post('/wagtail/account/change_password/', { old_password: TEST_PASSWORD, new_password1: 'a-new-password-1', new_password2: 'a-new-password-1' });
    expect(changed.status).to.equal(303);
    expect((await client.get('/wagtail/account/')).status).to.equal(200);
    expect((await new AdminClient(server).signIn(user.username, 'a-new-password-1')).status).to.equal(303);
  });

  it("refuses weak new passwords on the account and reset forms with Django's words, keeping the old one", async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const client = await signedInClient(server, user);
    const numeric = await client.post('/wagtail/account/change_password/', { old_password: TEST_PASSWORD, new_password1: '1234567890', new_password2: '1234567890' });
    expect(numeric.status).to.equal(400);
    expect(numeric.body).to.include('This password is too common.').and.include('This password is entirely numeric.');
    const common = await client.post('/wagtail/account/change_password/', { old_password: TEST_PASSWORD, new_password1: 'password123', new_password2: 'password123' });
    expect(common.status).to.equal(400);
    expect(common.body).to.include('This password is too common.');
    const likeName = `${user.username}!`;
    const similar = await client.post('/wagtail/account/change_password/', { old_password: TEST_PASSWORD, new_password1: likeName, new_password2: likeName });
    expect(similar.body).to.include('The password is too similar to the username.');

    await client.post('/wagtail/logout/');
    await clientOfItsOwn().post('/wagtail/password_reset/', { email: user.email });
    const mail = await server.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', user.email).executeTakeFirstOrThrow();
    const path = /(\/wagtail\/password_reset\/confirm\/[^/\s]+\/[^/\s]+\/)/.exec(mail.text_body)![1]!;
    // As a browser does: the form is loaded (handing the signed-out client a token of its own) before it is posted.
    expect((await client.get(path)).status).to.equal(200);
    const weak = await client.post(path, { new_password1: 'password123', new_password2: 'password123' });
    expect(weak.status).to.equal(400);
    expect(weak.body).to.include('This password is too common.');
    expect((await new AdminClient(server).signIn(user.username, 'password123')).status).to.equal(400);
    expect((await new AdminClient(server).signIn(user.username)).status).to.equal(303);
  });

  it('signs out by POST only', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const client = await signedInClient(server, user);
    expect((await client.get('/wagtail/logout/')).status).to.equal(404);
    expect((await client.post('/wagtail/logout/')).status).to.equal(303);
    expect((await client.get('/wagtail/')).status).to.equal(302);
  });

  it('resets a password with a single-use link sent through the outbox', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const client = clientOfItsOwn();
    const requested = await client.post('/wagtail/password_reset/', { email: user.email.toUpperCase() });
    expect(requested.status).to.equal(303);
    expect(requested.headers.location).to.equal('/wagtail/password_reset/done/');
    expect((await client.post('/wagtail/password_reset/', { email: 'nobody-here@example.com' })).headers.location).to.equal('/wagtail/password_reset/done/');
    const mail = await server.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', user.email).executeTakeFirstOrThrow();
    const link = /https?:\/\/[^/\s]+(\/wagtail\/password_reset\/confirm\/[^/\s]+\/[^/\s]+\/)/.exec(mail.text_body);
    expect(link, mail.text_body).to.not.equal(null);
    const path = link![1]!;
    expect((await client.get(path)).status).to.equal(200);
    const mismatch = await client.post(path, { new_password1: 'brand-new-pass-1', new_password2: 'other' });
    expect(mismatch.status).to.equal(400);
    expect(mismatch.body).to.include('The two passwords do not match.');
    const done = await client.post(path, { new_password1: 'brand-new-pass-1', new_password2: 'brand-new-pass-1' });
    expect(done.headers.location).to.equal('/wagtail/password_reset/complete/');
    expect((await client.get(path)).status, 'the link works once').to.equal(400);
    expect((await client.signIn(user.username, 'brand-new-pass-1')).status).to.equal(303);
  });

  it('mails one address at most its limit of reset links, answering every request the same', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    for (let attempt = 0; attempt < RESET_MAILS_PER_ADDRESS.max + 2; attempt++) {
      // Each request from another client: the address's own limit is what stops the mails.
      const response = await clientOfItsOwn().post('/wagtail/password_reset/', { email: user.email });
      expect(response.status).to.equal(303);
      expect(response.headers.location).to.equal('/wagtail/password_reset/done/');
    }
    expect(await resetMailsTo(user.email)).to.equal(RESET_MAILS_PER_ADDRESS.max);
  });

  it('stops mailing for a client past its limit of reset requests, whatever addresses it names', async () => {
    const client = clientOfItsOwn();
    for (let attempt = 0; attempt < server.config.PASSWORD_RESETS_PER_IP; attempt++) {
      expect((await client.post('/wagtail/password_reset/', { email: `nobody-${attempt}-${uniqueClientAddress()}@example.com` })).status).to.equal(303);
    }
    const user = await createAdminUser(server.db, { superuser: true });
    const refused = await client.post('/wagtail/password_reset/', { email: user.email });
    expect(refused.status).to.equal(303);
    expect(refused.headers.location).to.equal('/wagtail/password_reset/done/');
    expect(await resetMailsTo(user.email), 'no mail past the client limit').to.equal(0);
    expect((await clientOfItsOwn().post('/wagtail/password_reset/', { email: user.email })).status).to.equal(303);
    expect(await resetMailsTo(user.email), 'another client still gets its mail').to.equal(1);
  });
});
