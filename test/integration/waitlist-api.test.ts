import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { insertLocations } from '../../server/models/locations';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { apiSession } from '../support/api-session';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { uniqueClientAddress } from '../support/forms';
import { request, startTestServer, type TestResponse, type TestServer } from '../support/server';

interface EntryBody {
  plan_ahead_id: string;
  rlid: number;
  status: string;
  position: number | null;
  partySize: number;
  firstName: string;
  estimatedWaitMinutes: number | null;
  joinedAt: string;
}

describe('wait-list API', () => {
  let server: TestServer;
  let nextRlid = uniqueRlidBase();

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function openLocation(overrides: Parameters<typeof testLocation>[1] = {}): Promise<number> {
    const rlid = nextRlid++;
    await insertLocations(server.db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 6, ...overrides })]);
    await saveWaitlistSettings(server.db, { rlid, waitListOpen: overrides.waitListReady ?? true, maxPartySize: 6, turnTimeMinutes: 40, tables: 8 });
    return rlid;
  }

  const guest = (rlid: number, extra: Record<string, unknown> = {}) => ({ rlid, partySize: 2, firstName: 'Rosa', lastName: 'Marin', phone: '(207) 555-0142', ...extra });

  it('joins, with or without the trailing slash, and answers the guest their place and wait', async () => {
    const rlid = await openLocation();
    const { send } = await apiSession(server);
    const first = await send('/api/waitlist/', { json: guest(rlid, { email: '  Rosa@Example.com ', note: 'High chair, please' }) });
    expect(first.status).to.equal(201);
    expect(first.headers['cache-control']).to.equal('no-store');
    const body = first.json<EntryBody>();
    expect(body).to.include({ rlid, status: 'waiting', position: 1, partySize: 2, firstName: 'Rosa', estimatedWaitMinutes: 5 });
    expect(body.plan_ahead_id).to.match(/^[A-Za-z0-9_-]{22}$/);
    const second = await send('/api/waitlist', { json: guest(rlid, { firstName: 'Tom' }) });
    expect(second.status).to.equal(201);
    expect(second.json<EntryBody>()).to.include({ position: 2, estimatedWaitMinutes: 10 });
    const row = await server.db.selectFrom('waitlist_entries').select(['email', 'note']).where('plan_ahead_id', '=', body.plan_ahead_id).executeTakeFirstOrThrow();
    expect(row).to.deep.equal({ email: 'Rosa@Example.com', note: 'High chair, please' });
  });

  it('makes one entry for a double click carrying the same Idempotency-Key', async () => {
    const rlid = await openLocation();
    const { send } = await apiSession(server);
    const headers = { 'idempotency-key': 'join-7f3a9c21' };
    const [one, two] = await Promise.all([send('/api/waitlist/', { json: guest(rlid), headers }), send('/api/waitlist/', { json: guest(rlid), headers })]);
    expect([one.status, two.status].sort()).to.deep.equal([200, 201]);
    expect(one.json<EntryBody>().plan_ahead_id).to.equal(two.json<EntryBody>().plan_ahead_id);
    const rows = await server.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', rlid).execute();
    expect(rows).to.have.length(1);
    expect((await send('/api/waitlist/', { json: guest(rlid), headers: { 'idempotency-key': 'x' } })).status).to.equal(400);
  });

  it('refuses an Idempotency-Key sent again with another body (422), telling nothing of the first party', async () => {
    const rlid = await openLocation();
    const headers = { 'idempotency-key': 'join-c41e0b77' };
    const rosa = await apiSession(server);
    const first = (await rosa.send('/api/waitlist/', { json: guest(rlid), headers })).json<EntryBody>();

    const stranger = await apiSession(server);
    const reused = await stranger.send('/api/waitlist/', { json: guest(rlid, { firstName: 'Eve', lastName: 'Mallory' }), headers });
    expect(reused.status).to.equal(422);
    expect(reused.json()).to.deep.equal({ error: 'This Idempotency-Key was already used with a different request.' });
    expect(reused.body).to.not.include(first.plan_ahead_id);
    expect(reused.body).to.not.include('Rosa');
    expect(await server.db.selectFrom('waitlist_entries').select('first_name').where('rlid', '=', rlid).execute()).to.deep.equal([{ first_name: 'Rosa' }]);

    const retried = await rosa.send('/api/waitlist/', { json: guest(rlid), headers });
    expect(retried.status).to.equal(200);
    expect(retried.json<EntryBody>().plan_ahead_id).to.equal(first.plan_ahead_id);
  });

  it('answers 400 naming the problem for bad bodies, and stores nothing', async () => {
    const rlid = await openLocation();
    const { send } = await apiSession(server);
    const cases: [unknown, string][] = [
      [guest(rlid, { partySize: 0 }), 'Party size must be at least 1.'],
      [guest(rlid, { partySize: 2.5 }), 'Party size must be a whole number.'],
      [guest(rlid, { firstName: '   ' }), 'First name is required.'],
      [guest(rlid, { lastName: 'x'.repeat(101) }), 'Last name must be at most 100 characters.'],
      [guest(rlid, { phone: 'call me' }), 'Phone must be a phone number, e.g. (555) 555-0100.'],
      [guest(rlid, { email: 'not-an-email' }), 'Email must be an email address.'],
      [guest(rlid, { admin: true }), 'Unknown field: admin.'],
      [guest(rlid, { rlid: 'abc' }), 'rlid must be a whole number.'],
      [[1, 2], 'The body must be a JSON object.'],
    ];
    for (const [body, message] of cases) {
      const response = await send('/api/waitlist/', { json: body });
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.json<{ error: string }>().error).to.equal(message);
    }
    const tooBig = await send('/api/waitlist/', { json: guest(rlid, { partySize: 7 }) });
    expect(tooBig.status).to.equal(400);
    expect(tooBig.json<{ error: string }>().error).to.include('more than 6');
    expect(await server.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', rlid).execute()).to.have.length(0);
  });

  it('answers 404 for an unknown location and 409 when the wait list is not open', async () => {
    const { send } = await apiSession(server);
    expect((await send('/api/waitlist/', { json: guest(nextRlid + 5000) })).status).to.equal(404);
    const off = await openLocation({ waitListReady: false });
    const refused = await send('/api/waitlist/', { json: guest(off) });
    expect(refused.status).to.equal(409);
    expect(refused.json<{ error: string }>().error).to.equal('This restaurant is not taking wait-list parties right now.');
  });

  it('refuses a join or a cancel without the CSRF token', async () => {
    const rlid = await openLocation();
    const { send } = await apiSession(server);
    expect((await send('/api/waitlist/', { json: guest(rlid), withoutToken: true })).status).to.equal(403);
    const joined = (await send('/api/waitlist/', { json: guest(rlid) })).json<EntryBody>();
    expect((await send(`/api/waitlist/${joined.plan_ahead_id}/`, { method: 'DELETE', withoutToken: true })).status).to.equal(403);
    expect(await server.db.selectFrom('waitlist_entries').select('status').where('rlid', '=', rlid).execute()).to.deep.equal([{ status: 'waiting' }]);
  });

  it('estimates the wait for a party size, with readiness and the party limit', async () => {
    const rlid = await openLocation();
    const { send } = await apiSession(server);
    for (let index = 0; index < 3; index++) await send('/api/waitlist/', { json: guest(rlid) });
    for (const path of ['/api/waitlist/estimate/', '/api/waitlist/estimate']) {
      const estimate = await request(server, `${path}?rlid=${rlid}&partySize=5`);
      expect(estimate.status).to.equal(200);
      expect(estimate.json()).to.deep.equal({ rlid, waitListReady: true, partiesWaiting: 3, estimatedWaitMinutes: 25, maxPartySize: 6, estimatedWaitTime: '25 min' });
    }
    expect((await request(server, `/api/waitlist/estimate/?rlid=${rlid}`)).json()).to.include({ estimatedWaitMinutes: 20, estimatedWaitTime: '20 min' });
    expect((await request(server, `/api/waitlist/estimate/?rlid=abc`)).status).to.equal(400);
    expect((await request(server, `/api/waitlist/estimate/?rlid=${rlid}&partySize=0`)).status).to.equal(400);
    expect((await request(server, `/api/waitlist/estimate/?rlid=${nextRlid + 6000}`)).status).to.equal(404);
  });

  it('shows a guest only their own entry, and lets them cancel it once', async () => {
    const rlid = await openLocation();
    const { send } = await apiSession(server);
    const ahead = (await send('/api/waitlist/', { json: guest(rlid, { firstName: 'Ahead' }) })).json<EntryBody>();
    const mine = (await send('/api/waitlist/', { json: guest(rlid, { firstName: 'Mine' }) })).json<EntryBody>();

    const status = await request(server, `/api/waitlist/${mine.plan_ahead_id}/`);
    expect(status.status).to.equal(200);
    expect(status.json<EntryBody>()).to.include({ position: 2, status: 'waiting', firstName: 'Mine' });
    expect(status.body).to.not.include('Ahead');
    expect(status.body).to.not.include('555-0142');

    const cancelled = await send(`/api/waitlist/${ahead.plan_ahead_id}`, { method: 'DELETE' });
    expect(cancelled.status).to.equal(200);
    expect(cancelled.json<EntryBody>()).to.include({ status: 'cancelled', position: null, estimatedWaitMinutes: null });
    expect((await request(server, `/api/waitlist/${mine.plan_ahead_id}`)).json<EntryBody>()).to.include({ position: 1, estimatedWaitMinutes: 5 });
    const again = await send(`/api/waitlist/${ahead.plan_ahead_id}/`, { method: 'DELETE' });
    expect(again.status).to.equal(409);

    expect((await request(server, '/api/waitlist/AAAAAAAAAAAAAAAAAAAAAA/')).status).to.equal(404);
    expect((await request(server, '/api/waitlist/not-an-id/')).status).to.equal(400);
  });

  it('answers 429 once one address looked up or cancelled by wait-list id too often', async () => {
    const limited = await startTestServer({ TRUST_PROXY: '1', LOOKUPS_PER_WINDOW: '3' });
    try {
      const rlid = nextRlid++;
      await insertLocations(limited.db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 6 })]);
      const { send } = await apiSession(limited);
      const mine = (await send('/api/waitlist/', { json: guest(rlid) })).json<EntryBody>();
      const from = { 'x-forwarded-for': uniqueClientAddress() };
      expect((await request(limited, `/api/waitlist/${mine.plan_ahead_id}/`, { headers: from })).status).to.equal(200);
      expect((await request(limited, '/api/waitlist/AAAAAAAAAAAAAAAAAAAAAA/', { headers: from })).status).to.equal(404);
      expect((await send('/api/waitlist/BBBBBBBBBBBBBBBBBBBBBB/', { method: 'DELETE', headers: from })).status).to.equal(404);
      const refused = await request(limited, `/api/waitlist/${mine.plan_ahead_id}/`, { headers: from });
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 600);
      expect((await send(`/api/waitlist/${mine.plan_ahead_id}/`, { method: 'DELETE', headers: from })).status).to.equal(429);
      expect((await request(limited, `/waitlist/${mine.plan_ahead_id}/`, { headers: from })).status).to.equal(429);
      expect((await request(limited, `/api/waitlist/${mine.plan_ahead_id}/`, { headers: { 'x-forwarded-for': uniqueClientAddress() } })).json<EntryBody>()).to.include({
        status: 'waiting',
      });
    } finally {
      await limited.close();
    }
  });

  it('answers 429 with Retry-After once one address joined or cancelled too often, and stores nothing more', async () => {
    const limited = await startTestServer({ TRUST_PROXY: '1', FORM_POSTS_PER_WINDOW: '2' });
    try {
      const rlid = nextRlid++;
      await insertLocations(limited.db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 6 })]);
      const { send } = await apiSession(limited);
      const from = { 'x-forwarded-for': uniqueClientAddress() };
      // One join answered before the router and one by the routes ('/API/': see 'joins answered before the router' below) count alike.
      for (const path of ['/api/waitlist/', '/API/waitlist/'])
        expect((await send(path, { json: guest(rlid, { firstName: path.startsWith('/api') ? 'One' : 'Two' }), headers: from })).status).to.equal(201);
      const refused = await send('/api/waitlist/', { json: guest(rlid, { firstName: 'Three' }), headers: from });
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 600);
      expect(await limited.db.selectFrom('waitlist_entries').select('first_name').where('rlid', '=', rlid).orderBy('position').execute()).to.deep.equal([
        { first_name: 'One' },
        { first_name: 'Two' },
      ]);
      // Reading is never limited, and another address still gets in.
      expect((await request(limited, `/api/waitlist/estimate/?rlid=${rlid}`, { headers: from })).status).to.equal(200);
      expect((await send('/api/waitlist/', { json: guest(rlid), headers: { 'x-forwarded-for': uniqueClientAddress() } })).status).to.equal(201);
    } finally {
      await limited.close();
    }
  });

  // A join of a visitor without a session is answered before the router (server/views/
  // waitlist-join-first.ts); '/API/waitlist/' (the routes take any case) goes through the app's own
  // middleware and routes, so the two answer the same requests side by side.
  describe('joins answered before the router', () => {
    /** What a client relies on in an answer: its status, its body without the entry's own id, location and time, and its headers but the transport's. */
    function seen(response: TestResponse) {
      const body = response.json<Record<string, unknown>>();
      const { plan_ahead_id: id, joinedAt, rlid, ...rest } = body;
      const headers = { ...response.headers };
      // Express adds an ETag and compression a Vary to every answer, which a POST's answer does not need.
      for (const transport of ['date', 'connection', 'keep-alive', 'content-length', 'etag', 'vary']) delete headers[transport];
      return {
        status: response.status,
        body: {
          ...rest,
          ...(id === undefined ? {} : { id: typeof id }),
          ...(joinedAt === undefined ? {} : { joinedAt: typeof joinedAt }),
          ...(rlid === undefined ? {} : { rlid: typeof rlid }),
        },
        headers,
      };
    }

    async function bothWays(rlidFor: () => Promise<number>, send: (path: string, rlid: number) => Promise<TestResponse>) {
      const firstAnswer = await send('/api/waitlist/', await rlidFor());
      const routedAnswer = await send('/API/waitlist/', await rlidFor());
      // The two really went apart: only Express tags every answer.
      expect([firstAnswer.headers.etag, typeof routedAnswer.headers.etag]).to.deep.equal([undefined, 'string']);
      const first = seen(firstAnswer);
      expect(first).to.deep.equal(seen(routedAnswer));
      return first;
    }

    it('joins a party as the routes do: the same status, entry and headers', async () => {
      const { send } = await apiSession(server);
      const joined = await bothWays(openLocation, (path, rlid) => send(path, { json: guest(rlid) }));
      expect(joined.status).to.equal(201);
      expect(joined.body).to.include({ status: 'waiting', position: 1, partySize: 2, firstName: 'Rosa', estimatedWaitMinutes: 5, id: 'string', joinedAt: 'string' });
      expect(joined.headers).to.include({ 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' });
    });

    it('refuses what the routes refuse, with the same answers, and stores none of it', async () => {
      const rlid = await openLocation();
      const { jar, send } = await apiSession(server);
      const same = (post: (path: string) => Promise<TestResponse>) => bothWays(async () => rlid, post);
      const signed = { accept: 'application/json', 'content-type': 'application/json', 'x-csrftoken': jar.get('csrftoken') ?? '', cookie: jar.header() };
      const refusals = [
        await same((path) => send(path, { json: guest(rlid, { partySize: 9 }) })),
        await same((path) => send(path, { json: { rlid } })),
        await same((path) => send(path, { json: guest(rlid, { firstName: 'Ro\u0000sa' }) })),
        await same((path) => send(path, { json: guest(rlid), headers: { 'idempotency-key': 'short' } })),
        await same((path) => request(server, path, { method: 'POST', body: '{"rlid": 1,', headers: signed })),
        await same((path) => send(path, { json: guest(rlid, { note: 'x'.repeat(120_000) }) })),
        await same((path) => send(path, { json: guest(rlid + 1_000_000) })),
      ];
      expect(refusals.map(({ status }) => status)).to.deep.equal([400, 400, 400, 400, 400, 413, 404]);
      expect(refusals[2]!.body).to.deep.equal({ error: 'The request holds a NUL character, which no field accepts.' });
      expect(refusals[5]!.body).to.deep.equal({ error: 'What you sent is too large. Please shorten it and try again.' });
      expect(await server.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', rlid).execute()).to.deep.equal([]);
    });

    it('leaves to the routes a join without a valid token, for a host the site does not serve, or with a session cookie', async () => {
      const rlid = await openLocation();
      const { jar, send } = await apiSession(server);
      const unsigned = await send('/api/waitlist/', { json: guest(rlid), withoutToken: true });
      expect(unsigned.status).to.equal(403);
      expect(unsigned.json()).to.deep.equal({ error: 'CSRF verification failed. Reload the page and try again.' });
      expect((await send('/api/waitlist/', { json: guest(rlid), headers: { 'x-csrftoken': 'forged.token' } })).status).to.equal(403);
      const elsewhere = await apiSession(server, 'phishing.example');
      expect((await elsewhere.send('/api/waitlist/', { json: guest(rlid) })).status).to.equal(400);
      // A session the server does not know is a visitor's without one: the anonymous token holds.
      const withSession = await send('/api/waitlist/', { json: guest(rlid, { firstName: 'Tom' }), headers: { cookie: `${jar.header()}; sessionid=s%3Aunknown.sig` } });
      expect(withSession.status).to.equal(201);
      expect(await server.db.selectFrom('waitlist_entries').select('first_name').where('rlid', '=', rlid).execute()).to.deep.equal([{ first_name: 'Tom' }]);
    });

    it('logs each join it answers once, with its status and without the guest', async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      const logged = await startTestServer({}, { logger: pino({ level: 'info' }, sink) });
      try {
        const rlid = nextRlid++;
        await insertLocations(logged.db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 6 })]);
        const { send } = await apiSession(logged);
        expect((await send('/api/waitlist/', { json: guest(rlid, { lastName: 'Marinovska' }) })).status).to.equal(201);
        expect((await send('/api/waitlist/', { json: guest(rlid, { partySize: 9 }) })).status).to.equal(400);
        const joins = lines
          .map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } })
          .filter((entry) => entry.req?.method === 'POST');
        expect(joins.map((entry) => [entry.msg, entry.req?.url, entry.res?.statusCode])).to.deep.equal([
          ['request completed', '/api/waitlist/', 201],
          ['request completed', '/api/waitlist/', 400],
        ]);
        expect(lines.join('')).to.not.contain('Marinovska');
      } finally {
        await logged.close();
      }
    });
  });
});
