import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateToLatest } from '../../server/db/migrate';
import type { Db } from '../../server/db/database';
import { insertLocations } from '../../server/models/locations';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { freePort } from '../../scripts/free-port';
import { openScratchDatabase, testServerUrl, type TestDatabase } from '../support/database';
import { createTestSite } from '../support/fixtures';
import { testLocation, uniqueRlidBase } from '../support/locations';

/** A server process started as npm start starts it, and what it printed. */
interface ServerProcess {
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Resolves once `text` has been printed `times` times (once per worker). */
  printed(text: string, times: number): Promise<void>;
  output(): string;
}

/** A response read whole, with the connection it came on. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

/** A join whose headers the server has (it answered 100 Continue) and whose body is not sent yet. */
interface HeldJoin {
  /** Sends the body and reads the answer. */
  finish(): Promise<Answer>;
}

const SECRET_KEY = 'test-secret-key-that-is-long-enough-123';

function read(req: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.once('response', (res) => {
      const { socket } = res;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), socket }));
      res.on('error', reject);
    });
    req.once('error', reject);
  });
}

function get(port: number, agent: http.Agent, path: string): Promise<Answer> {
  const req = http.request({ host: '127.0.0.1', port, path, agent });
  const answer = read(req);
  req.end();
  return answer;
}

/** The error a request ends with, or 'answered'. */
async function failureOf(answer: Promise<Answer>): Promise<string> {
  return answer.then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code ?? error.message,
  );
}

describe('shutdown on SIGTERM', function () {
  let scratch: TestDatabase | undefined;
  let databaseUrl: string;
  let db: Db;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let nextRlid = uniqueRlidBase();

  before(async function () {
    if (!testServerUrl()) {
      console.warn('    (skipped: several server processes share one database only on a PostgreSQL server; set TEST_DATABASE_URL)');
      this.skip();
    }
    this.timeout(120_000);
    scratch = await openScratchDatabase();
    databaseUrl = scratch.url!;
    db = scratch.handle.db;
    await migrateToLatest(db);
    // A default site, so the server finds the database in use and seeds no demo content.
    const { site } = await createTestSite(db);
    await db.updateTable('sites').set({ is_default_site: true }).where('id', '=', site.id).execute();
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-shutdown-'));
  });
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  after(async () => {
    await scratch?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function openLocation(): Promise<number> {
    const rlid = nextRlid++;
    await insertLocations(db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 6 })]);
    await saveWaitlistSettings(db, { rlid, waitListOpen: true, maxPartySize: 6, turnTimeMinutes: 40, tables: 50 });
    return rlid;
  }

  /** Starts `node --import tsx scripts/start.ts` in production mode, as npm start does after its build. */
  async function startServerProcess(env: { SHUTDOWN_GRACE_SECONDS: string; WEB_CONCURRENCY: string }): Promise<ServerProcess> {
    const port = await freePort();
    const started = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, ...env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SECRET_KEY, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = started;
    let output = '';
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      started.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const printed = (text: string, times: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (output.split(text).length - 1 < times) return;
          started.stdout.off('data', check);
          resolve();
        };
        started.stdout.on('data', check);
        void exited.then(() => reject(new Error(`The server exited before printing "${text}" ${times} times:\n${output}`)));
        check();
      });
    await printed('Serving on http://localhost:', Number(env.WEB_CONCURRENCY));
    return { port, child: started, exited, printed, output: () => output };
  }

  /** A CSRF cookie and its token, as the site's scripts get them. */
  async function csrfToken(port: number): Promise<{ cookie: string; token: string }> {
    const answer = await get(port, new http.Agent(), '/api-nc/csrftoken/');
    const cookie = [answer.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith('csrftoken='))!
      .split(';')[0]!;
    return { cookie, token: cookie.slice('csrftoken='.length) };
  }

  /**
   * Starts a wait-list join on `agent`'s kept-alive connection and resolves once the server has its
   * headers (100 Continue), so the request is in flight there until `finish` sends the body.
   */
  function holdJoin(port: number, agent: http.Agent, csrf: { cookie: string; token: string }, rlid: number, firstName: string, path: string): Promise<HeldJoin> {
    const body = JSON.stringify({ rlid, partySize: 2, firstName, lastName: 'Drain', phone: '(207) 555-0142' });
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), cookie: csrf.cookie, 'x-csrftoken': csrf.token, expect: '100-continue' },
    });
    const answer = read(req);
    req.flushHeaders();
    return new Promise((resolve, reject) => {
      answer.catch(reject);
      req.once('continue', () =>
        resolve({
          finish() {
            req.end(body);
            return answer;
          },
        }),
      );
    });
  }

  /** Opens a kept-alive connection on each of `count` agents of their own. */
  async function keptAliveClients(port: number, count: number, rlid: number): Promise<{ agent: http.Agent; socket: Socket }[]> {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const answer = await get(port, agent, `/api/waitlist/estimate/?rlid=${rlid}`);
        expect(answer.status).to.equal(200);
        expect(answer.headers.connection).to.equal('keep-alive');
        return { agent, socket: answer.socket };
      }),
    );
  }

  for (const workers of [1, 2]) {
    it(`with ${workers} process${workers > 1 ? 'es' : ''}: answers each in-flight request on a kept-alive connection with Connection: close, closes the idle ones, and exits 0 within its grace period`, async function () {
      this.timeout(120_000);
      const rlid = await openLocation();
      const graceSeconds = 3;
      const server = await startServerProcess({ SHUTDOWN_GRACE_SECONDS: String(graceSeconds), WEB_CONCURRENCY: String(workers) });
      const csrf = await csrfToken(server.port);
      const busy = await keptAliveClients(server.port, 6, rlid);
      const [idle] = await keptAliveClients(server.port, 1, rlid);
      const idleClosed = new Promise<void>((resolve) => idle!.socket.once('close', () => resolve()));
      // Half go to the join answered before the router, half (with a query) through Express's routes.
      const held = await Promise.all(
        busy.map(({ agent }, index) => holdJoin(server.port, agent, csrf, rlid, `Drain${index}`, index % 2 ? '/api/waitlist/?via=router' : '/api/waitlist/')),
      );

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await server.printed('Shutting down: finishing in-flight requests', workers);
      // A repeat, as a supervisor signalling the whole process group sends: it must not cut the drain short.
      server.child.kill('SIGTERM');
      await sleep(100);
      const answers = await Promise.all(held.map((join) => join.finish()));

      for (const answer of answers) {
        expect(answer.status, answer.body).to.equal(201);
        expect(answer.headers.connection).to.equal('close');
      }
      await idleClosed;
      expect(await failureOf(get(server.port, busy[0]!.agent, `/api/waitlist/estimate/?rlid=${rlid}`)), 'a request after the drain').to.equal('ECONNREFUSED');
      const { code, signal, at } = await server.exited;
      expect({ code, signal }, server.output()).to.deep.equal({ code: 0, signal: null });
      expect(at - signalledAt).to.be.below(graceSeconds * 1000);
      const stored = await db.selectFrom('waitlist_entries').select('first_name').where('rlid', '=', rlid).execute();
      expect(stored.map((row) => row.first_name).sort()).to.deep.equal(busy.map((_, index) => `Drain${index}`));
    });
  }

  it('with 2 processes: cuts a request still unfinished when the grace period ends, and the primary exits 1 to say so', async function () {
    this.timeout(120_000);
    const rlid = await openLocation();
    const graceSeconds = 1;
    const server = await startServerProcess({ SHUTDOWN_GRACE_SECONDS: String(graceSeconds), WEB_CONCURRENCY: '2' });
    const csrf = await csrfToken(server.port);
    const [client] = await keptAliveClients(server.port, 1, rlid);
    await holdJoin(server.port, client!.agent, csrf, rlid, 'Stuck', '/api/waitlist/');
    const cut = new Promise<void>((resolve) => client!.socket.once('close', () => resolve()));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await cut;
    const { code, signal, at } = await server.exited;
    expect({ code, signal }, server.output()).to.deep.equal({ code: 1, signal: null });
    expect(at - signalledAt).to.be.below(graceSeconds * 1000 + 2000);
    expect(server.output()).to.include('Requests or the database did not finish within the grace period; exiting anyway');
  });
});
