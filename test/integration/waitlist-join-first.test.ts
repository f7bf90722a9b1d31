import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { insertLocations } from '../../server/models/locations';
import { saveWaitlistSettings } from '../../server/waitlist/location-waitlist';
import { apiSession } from '../support/api-session';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { request, startTestServer, type TestResponse, type TestServer } from '../support/server';

// A join of a visitor without a session is answered before the router (server/views/
// waitlist-join-first.ts); '/API/waitlist/' (the routes take any case) goes through the app's own
// middleware and routes, so the two answer the same requests side by side.
describe('wait-list joins answered before the router', () => {
  let server: TestServer;
  let nextRlid = uniqueRlidBase();

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function openLocation(overrides: Parameters<typeof testLocation>[1] = {}): Promise<number> {
    const rlid = nextRlid++;
    await insertLocations(server.db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 6, ...overrides })]);
    await saveWaitlistSettings(server.db, { rlid, waitListOpen: true, maxPartySize: 6, turnTimeMinutes: 40, tables: 8 });
    return rlid;
  }

  const guest = (rlid: number, extra: Record<string, unknown> = {}) => ({ rlid, partySize: 2, firstName: 'Rosa', lastName: 'Marin', phone: '(207) 555-0142', ...extra });

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
