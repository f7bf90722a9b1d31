import { expect } from 'chai';
import { getSubscriberByEmail, subscribeEmail } from '../../server/models/subscribers';
import { INVALID_BROAD_LOG_ID_MESSAGE, INVALID_EMAIL_MESSAGE } from '../../server/views/unsubscribe';
import { CookieJar } from '../support/cookies';
import { uniqueSuffix } from '../support/fixtures';
import { request, startTestServer, type TestResponse, type TestServer } from '../support/server';

describe('POST /api/fcc/unsubscribe/', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** A visitor's CSRF cookie and the token the page script would send with it. */
  async function csrfSession(): Promise<{ jar: CookieJar; token: string }> {
    const jar = new CookieJar();
    const response = await request(server, '/api-nc/csrftoken/');
    jar.store(response.headers);
    return { jar, token: response.json<{ csrf_token: string }>().csrf_token };
  }

  async function unsubscribe(fields: Record<string, string>, options: { path?: string; token?: string | null } = {}): Promise<TestResponse> {
    const { jar, token } = await csrfSession();
    const sentToken = options.token === undefined ? token : options.token;
    return request(server, options.path ?? '/api/fcc/unsubscribe/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        Cookie: jar.header(),
        ...(sentToken === null ? {} : { 'X-CSRFToken': sentToken }),
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  const eventsFor = (email: string) =>
    server.db.selectFrom('subscription_events').select(['subscriber_id', 'email', 'kind', 'broad_log_id']).where('email', '=', email).orderBy('id').execute();

  it('unsubscribes a known address matched regardless of case and spaces, recording the BroadLogId', async () => {
    const email = `known.${uniqueSuffix()}@example.com`;
    const { subscriber } = await subscribeEmail(server.db, { email, firstName: 'Pat' });

    const response = await unsubscribe({ Email: `  ${email.toUpperCase()} `, BroadLogId: '123456789' });
    expect(response.status).to.equal(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(response.json()).to.deep.equal({ isValid: true, errors: [] });

    const stored = await getSubscriberByEmail(server.db, email);
    expect(stored).to.include({ id: subscriber.id, subscribed: false, first_name: 'Pat' });
    expect(stored!.unsubscribed_at).to.be.instanceOf(Date);
    expect(await eventsFor(email)).to.deep.equal([
      { subscriber_id: subscriber.id, email, kind: 'subscribe', broad_log_id: null },
      { subscriber_id: subscriber.id, email, kind: 'unsubscribe', broad_log_id: '123456789' },
    ]);
  });

  it('answers a repeated unsubscribe the same, keeping the first time and logging the request', async () => {
    const email = `twice.${uniqueSuffix()}@example.com`;
    await subscribeEmail(server.db, { email });
    await unsubscribe({ Email: email });
    const first = (await getSubscriberByEmail(server.db, email))!.unsubscribed_at;

    const again = await unsubscribe({ Email: email, BroadLogId: '' }, { path: '/api/fcc/unsubscribe' });
    expect(again.status).to.equal(200);
    expect(again.json()).to.deep.equal({ isValid: true, errors: [] });
    expect((await getSubscriberByEmail(server.db, email))!.unsubscribed_at).to.deep.equal(first);
    expect((await eventsFor(email)).map((event) => [event.kind, event.broad_log_id])).to.deep.equal([
      ['subscribe', null],
      ['unsubscribe', null],
      ['unsubscribe', null],
    ]);
  });

  it('answers an unknown address as valid, without creating a subscriber, and records a suppression', async () => {
    const email = `stranger.${uniqueSuffix()}@example.com`;
    const response = await unsubscribe({ Email: ` ${email.replace('stranger', 'Stranger')}`, BroadLogId: '42' });
    expect(response.status).to.equal(200);
    expect(response.json()).to.deep.equal({ isValid: true, errors: [] });
    expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
    expect(await eventsFor(email)).to.deep.equal([{ subscriber_id: null, email, kind: 'suppress', broad_log_id: '42' }]);
  });

  it('refuses an invalid or missing email with 400 and the form error, changing nothing', async () => {
    const before = await server.db
      .selectFrom('subscription_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const refused: Array<Record<string, string>> = [{ Email: 'not-an-email' }, { Email: '' }, {}, { Email: `${'a'.repeat(250)}@example.com` }];
    for (const fields of refused) {
      const response = await unsubscribe(fields);
      expect(response.status, JSON.stringify(fields)).to.equal(400);
      expect(response.headers['cache-control']).to.equal('no-store');
      expect(response.json()).to.deep.equal({ isValid: false, errors: [INVALID_EMAIL_MESSAGE] });
    }
    const badLink = await unsubscribe({ Email: `ok.${uniqueSuffix()}@example.com`, BroadLogId: '12ab' });
    expect(badLink.status).to.equal(400);
    expect(badLink.json()).to.deep.equal({ isValid: false, errors: [INVALID_BROAD_LOG_ID_MESSAGE] });
    const tooLong = await unsubscribe({ Email: `ok.${uniqueSuffix()}@example.com`, BroadLogId: '1'.repeat(33) });
    expect(tooLong.status).to.equal(400);

    const after = await server.db
      .selectFrom('subscription_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(after.count).to.equal(before.count);
  });

  it('refuses a request without a CSRF token, or with a wrong one, with 403 JSON and no rows', async () => {
    const email = `forged.${uniqueSuffix()}@example.com`;
    await subscribeEmail(server.db, { email });
    for (const token of [null, 'not-the-token']) {
      const response = await unsubscribe({ Email: email }, { token });
      expect(response.status).to.equal(403);
      expect(response.headers['content-type']).to.match(/^application\/json/);
      expect(response.json()).to.have.property('error').that.matches(/CSRF/);
    }
    expect((await getSubscriberByEmail(server.db, email))!.subscribed).to.equal(true);
    expect((await eventsFor(email)).map((event) => event.kind)).to.deep.equal(['subscribe']);
  });

  it('resubscribes an address that had unsubscribed', async () => {
    const email = `back.${uniqueSuffix()}@example.com`;
    await subscribeEmail(server.db, { email });
    await unsubscribe({ Email: email });
    const { outcome, subscriber } = await subscribeEmail(server.db, { email: email.toUpperCase(), postcode: ' 04101 ' });
    expect(outcome).to.equal('resubscribed');
    expect(subscriber).to.include({ subscribed: true, unsubscribed_at: null, postcode: '04101' });
    expect((await eventsFor(email)).map((event) => event.kind)).to.deep.equal(['subscribe', 'unsubscribe', 'resubscribe']);
  });
});
