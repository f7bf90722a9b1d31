import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from '../../server/db/database';
import { insertLocations } from '../../server/models/locations';
import { saveWaitlistSettings } from '../../server/waitlist/location-waitlist';
import { apiSession } from '../support/api-session';
import { testDatabaseUrl, testDb } from '../support/database';
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
      server = await startTestServer({ HEALTH_CHECK_TIMEOUT_MS: '500' }, { db: handle.db, pingDatabase: handle.ping });
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
