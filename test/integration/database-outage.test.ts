import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from '../../server/db/database';
import { OUTCOME_UNKNOWN_MESSAGE } from '../../server/error-handler';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { createAdminUser, signedInClient } from '../support/admin';
import { apiSession } from '../support/api-session';
import { testDatabaseUrl, testDb } from '../support/database';
import { createTestSite, uniqueSuffix } from '../support/fixtures';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { request, startTestServer, type TestResponse, type TestServer } from '../support/server';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

const POLL_MS = 100;

/** Polls `condition` until it holds; fails naming `what` once `withinMs` have passed. */
async function until(what: string, withinMs: number, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(POLL_MS);
  }
}

async function openLocation(rlid: number): Promise<void> {
  const db = await testDb();
  await insertLocations(db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 6 })]);
  await saveWaitlistSettings(db, { rlid, waitListOpen: true, maxPartySize: 6, turnTimeMinutes: 40, tables: 50 });
}

const guest = (rlid: number, firstName: string) => ({ rlid, partySize: 2, firstName, lastName: 'Outage', phone: '(207) 555-0142' });

describe('database outage', function () {
  let proxy: TcpProxy;
  let proxiedUrl: string;
  let nextRlid = uniqueRlidBase();

  before(async function () {
    const url = await testDatabaseUrl();
    if (!url) {
      console.warn('    (skipped: these tests cut the network between the app and a PostgreSQL server; set TEST_DATABASE_URL)');
      this.skip();
    }
    const direct = new URL(url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.toString();
  });
  after(async () => {
    await proxy?.close();
  });

  describe('in process', () => {
    let handle: DatabaseHandle;
    let server: TestServer;

    before(async () => {
      handle = await openDatabase({ kind: 'postgres', url: proxiedUrl, poolSize: 4, timeouts: { statementMs: 1000, queryMs: 1500, connectMs: 1000 } });
      server = await startTestServer({ HEALTH_CHECK_TIMEOUT_MS: '500' }, { db: handle.db, pingDatabase: handle.ping, databaseWatch: handle.watch });
    });
    after(async () => {
      proxy.restore('lose');
      await server?.close();
      await handle?.close();
    });

    it('fails a query whose connection drops with DatabaseUnavailableError and serves the next on a new connection', async () => {
      const sleeping = sql`select pg_sleep(5)`.execute(handle.db).then(
        () => undefined,
        (error: unknown) => error,
      );
      await until('the query reaches the server', 5000, async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where query = 'select pg_sleep(5)'`.execute(await testDb());
        return rows[0]!.n > 0;
      });
      proxy.reset();
      expect(await sleeping).to.be.instanceOf(DatabaseUnavailableError);
      const { rows } = await sql<{ answer: number }>`select 1 as answer`.execute(handle.db);
      expect(rows).to.deep.equal([{ answer: 1 }]);
    });

    it('answers 503 while the database is cut off, serves again on new connections once it is back, and keeps every join it acknowledged', async () => {
      const rlid = nextRlid++;
      await openLocation(rlid);
      const { send } = await apiSession(server);
      const answers: TestResponse[] = [];
      const join = async (firstName: string) => {
        const answer = await send('/api/waitlist/', { json: guest(rlid, firstName) });
        answers.push(answer);
        return answer;
      };
      expect((await request(server, '/admin/load-balancer-ht/')).status).to.equal(200);
      expect((await join('Before')).status).to.equal(201);

      const underLoad = Array.from({ length: 12 }, (_, index) => join(`Load${index}`));
      proxy.cut();
      try {
        await until('the load balancer check says 503', 10_000, async () => (await request(server, '/admin/load-balancer-ht/')).status === 503);
        const health = await request(server, '/api/ht/');
        expect(health.status).to.equal(503);
        expect(health.json()).to.deep.equal({ status: 'error', checks: { database: { status: 'error' } } });

        const page = await request(server, '/menu/', { headers: { accept: 'text/html' } });
        expect(page.status).to.equal(503);
        expect(page.headers['retry-after']).to.equal('5');
        expect(page.headers['content-type']).to.match(/^text\/html/);
        expect(page.body).to.contain('Service unavailable');
        const refused = await join('During');
        expect(refused.status).to.equal(503);
        expect(refused.json()).to.deep.equal({ error: 'The site is briefly unavailable. Please try again in a moment.' });
        // Every request caught by the cut gets an answer while the database is still away.
        await Promise.all(underLoad);
      } finally {
        proxy.restore('lose');
      }

      await until('the site serves again', 5000, async () => {
        const balancer = await request(server, '/admin/load-balancer-ht/');
        return balancer.status === 200 && (await join('After')).status === 201;
      });
      expect((await request(server, '/api/ht/')).status).to.equal(200);

      for (const answer of answers) expect([200, 201, 503]).to.include(answer.status);
      const acknowledged = answers.filter((answer) => answer.status < 300).map((answer) => answer.json<{ plan_ahead_id: string }>().plan_ahead_id);
      const stored = await (await testDb()).selectFrom('waitlist_entries').select('plan_ahead_id').where('rlid', '=', rlid).execute();
      expect(stored.map((row) => row.plan_ahead_id)).to.include.members(acknowledged);
    });
  });

  describe('in process, with the production timeouts', () => {
    let handle: DatabaseHandle;
    let server: TestServer;

    before(async () => {
      // Queries wait up to 15 s for an answer, as in production: a quick 503 must not come from the query timeout.
      handle = await openDatabase({ kind: 'postgres', url: proxiedUrl, poolSize: 4, timeouts: { statementMs: 10_000, queryMs: 15_000, connectMs: 15_000 } });
      // HEALTH_CHECK_TIMEOUT_MS as by default, 2 s.
      server = await startTestServer({}, { db: handle.db, pingDatabase: handle.ping, databaseWatch: handle.watch });
    });
    after(async () => {
      proxy.restore('lose');
      await server?.close();
      await handle?.close();
    });

    /** A database-backed route, what it answers when the database is there, and how to ask it. */
    interface Route {
      name: string;
      answers: number;
      send(): Promise<TestResponse>;
    }

    async function databaseBackedRoutes(): Promise<Route[]> {
      const db = await testDb();
      const { hostname, home } = await createTestSite(db);
      const slug = `outage-${uniqueSuffix()}`;
      await addChild(db, home, { title: 'Outage notes', slug, pageType: 'content_page', content: { body: [] } });
      const rlid = nextRlid++;
      await openLocation(rlid);
      const admin = await signedInClient(server, await createAdminUser(db, { superuser: true }));
      const { send } = await apiSession(server);
      const page = (path: string) => request(server, path, { host: hostname, headers: { accept: 'text/html' } });
      // Coordinates no other search asked for: the answer is not in the location cache.
      const latitude = (40 + Math.random()).toFixed(6);
      const main = await page('/');
      expect(main.status).to.equal(200);
      return [
        { name: 'the main page', answers: 200, send: () => page('/') },
        { name: 'a page not rendered yet', answers: 200, send: () => page(`/${slug}/`) },
        { name: 'a location not in the cache', answers: 200, send: () => request(server, `/api/location/getlocation/?rlid=${rlid}`) },
        { name: 'a location search', answers: 200, send: () => request(server, `/api/location/getlocations/?latitude=${latitude}&longitude=-70.25`) },
        { name: 'a wait-list join', answers: 201, send: () => send('/api/waitlist/', { json: guest(rlid, 'Gate') }) },
        { name: 'an admin page', answers: 200, send: () => admin.get('/wagtail/') },
      ];
    }

    /** Waits for an outage another test left to be over. */
    const serving = () => until('the database serves', 5000, async () => (await request(server, '/admin/load-balancer-ht/')).status === 200);

    /** Sends every route at once; each one's answer and how long after `since` it came. */
    async function sendAll(routes: Route[], since: number): Promise<{ route: Route; answer: TestResponse; afterMs: number }[]> {
      return Promise.all(
        routes.map(async (route) => {
          const answer = await route.send();
          return { route, answer, afterMs: Date.now() - since };
        }),
      );
    }

    it('answers 503 with Retry-After on every database-backed route within 3 s of a black-hole, and serves each again within 2 s of the restore', async function () {
      this.timeout(60_000);
      await serving();
      const routes = await databaseBackedRoutes();

      const cutAt = Date.now();
      proxy.cut();
      try {
        // Caught waiting on the database, then sent once it is known to be away.
        for (const round of [await sendAll(routes, cutAt), await sendAll(routes, Date.now())]) {
          for (const { route, answer, afterMs } of round) {
            expect(answer.status, route.name).to.equal(503);
            expect(answer.headers['retry-after'], route.name).to.equal('5');
            expect(afterMs, route.name).to.be.below(3000);
          }
        }
      } finally {
        proxy.restore('lose');
      }

      const restoredAt = Date.now();
      await Promise.all(routes.map((route) => until(`${route.name} serves again`, 2000, async () => (await route.send()).status === route.answers)));
      expect(Date.now() - restoredAt).to.be.below(2000);
    });

    it('says so when the database went away before answering whether a join was saved, and its retry with the same Idempotency-Key answers with the saved entry', async function () {
      this.timeout(60_000);
      await serving();
      const rlid = nextRlid++;
      await openLocation(rlid);
      const { send } = await apiSession(server);
      const firstName = `Unconfirmed${uniqueSuffix().replace(/\W/g, '')}`;
      const join = () => send('/api/waitlist/', { json: guest(rlid, firstName), headers: { 'idempotency-key': `outage-${firstName}` } });

      // The insert reaches PostgreSQL and commits; its answer, and every answer after it, is lost.
      proxy.cutRepliesAfter(firstName);
      let unconfirmed: TestResponse;
      const sentAt = Date.now();
      try {
        unconfirmed = await join();
      } finally {
        proxy.restore('lose');
      }
      expect(Date.now() - sentAt).to.be.below(3000);
      expect(unconfirmed.status).to.equal(503);
      expect(unconfirmed.headers['retry-after']).to.equal('5');
      expect(unconfirmed.json()).to.deep.equal({ error: OUTCOME_UNKNOWN_MESSAGE });

      const stored = await (await testDb()).selectFrom('waitlist_entries').select('plan_ahead_id').where('rlid', '=', rlid).execute();
      expect(stored).to.have.length(1);
      let retried: TestResponse | undefined;
      await until('the retry is answered', 5000, async () => (retried = await join()).status !== 503);
      expect(retried!.status).to.equal(200);
      expect(retried!.json<{ plan_ahead_id: string }>().plan_ahead_id).to.equal(stored[0]!.plan_ahead_id);
    });
  });

  describe('the server process', () => {
    let child: ChildProcess | undefined;
    after(() => {
      proxy.restore('lose');
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    async function startServerProcess(graceSeconds: number): Promise<{ port: number }> {
      child = spawn(process.execPath, ['--import', 'tsx', 'test/support/serve-entry.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: proxiedUrl,
          HOST: '127.0.0.1',
          PORT: '0',
          SECRET_KEY: 'test-secret-key-that-is-long-enough-123',
          LOG_LEVEL: 'info',
          SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
          // Longer than the grace period: the pool is still waiting when the signal comes.
          DATABASE_STATEMENT_TIMEOUT_MS: '60000',
          DATABASE_QUERY_TIMEOUT_MS: '120000',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      const started = new Promise<number>((resolve, reject) => {
        child!.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const port = /"port":(\d+)/.exec(output)?.[1];
          if (port) resolve(Number(port));
        });
        child!.once('exit', (code) => reject(new Error(`The server exited with ${code} before serving:\n${output}`)));
      });
      return { port: await started };
    }

    it('exits within its grace period on SIGTERM while the database does not answer', async function () {
      this.timeout(60_000);
      const rlid = nextRlid++;
      await openLocation(rlid);
      const graceSeconds = 2;
      const server = await startServerProcess(graceSeconds);
      const estimate = `/api/waitlist/estimate/?rlid=${rlid}`;
      expect((await request(server, estimate)).status).to.equal(200);

      proxy.cut();
      const stuck = Array.from({ length: 3 }, () => request(server, estimate).catch((error: Error) => error));
      await until('the queries reach the cut network', 10_000, async () => proxy.heldCount() >= 3);
      const exited = once(child!, 'exit');
      child!.kill('SIGTERM');
      const outcome = await Promise.race([exited, sleep(graceSeconds * 1000 + 5000).then(() => 'still running' as const)]);
      expect(outcome, 'the process after SIGTERM').to.not.equal('still running');
      const [code, signal] = outcome as [number | null, NodeJS.Signals | null];
      expect({ code, signal }).to.deep.equal({ code: 1, signal: null });
      await Promise.all(stuck);
    });
  });
});
