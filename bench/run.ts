/**
 * npm run bench: starts the real server on a freshly seeded database (PGlite in a temporary
 * folder, or DATABASE_URL), measures each endpoint with autocannon, measures the same bytes
 * from a bare Node http server as the ceiling, prints both and writes bench/results.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildClient } from '../scripts/build-client';
import { BENCH_SEARCH, BENCH_WAITLIST_RLID } from '../scripts/bench-constants';
import { freePort } from '../scripts/free-port';

/** One request shape autocannon repeats. */
interface BenchRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** An endpoint measured; `prepare` builds the request against the running server (tokens, ids). */
interface BenchTarget {
  name: string;
  prepare(baseUrl: string): Promise<BenchRequest>;
}

const get = (path: string) => async (): Promise<BenchRequest> => ({ path });

/** A guest's CSRF cookie and token, as the site's scripts get them before a POST. */
async function csrfHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api-nc/csrftoken/`);
  const { csrf_token: token } = (await response.json()) as { csrf_token: string };
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  return { cookie, 'x-csrftoken': token, 'content-type': 'application/json' };
}

const joinBody = JSON.stringify({ rlid: BENCH_WAITLIST_RLID, partySize: 2, firstName: 'Bench', lastName: 'Guest', phone: '(555) 555-0100' });

/** The endpoints measured; later features add theirs here. */
const BENCH_TARGETS: BenchTarget[] = [
  { name: 'home page (block-heavy)', prepare: get('/') },
  { name: 'press release list', prepare: get('/press/press-releases/') },
  {
    name: 'nearest locations (50,000 seeded)',
    prepare: get(`/api/location/getlocations/?latitude=${BENCH_SEARCH.latitude}&longitude=${BENCH_SEARCH.longitude}&radius=${BENCH_SEARCH.radiusMiles}&limit=${BENCH_SEARCH.limit}`),
  },
  {
    // Every request adds a party to one location's queue: the worst case, all joins taking turns on one row.
    name: 'wait-list join (one location)',
    prepare: async (baseUrl) => ({ path: '/api/waitlist/', method: 'POST', headers: await csrfHeaders(baseUrl), body: joinBody }),
  },
  {
    name: 'wait-list status',
    prepare: async (baseUrl) => {
      const joined = await fetch(`${baseUrl}/api/waitlist/`, { method: 'POST', headers: await csrfHeaders(baseUrl), body: joinBody });
      const { plan_ahead_id: id } = (await joined.json()) as { plan_ahead_id: string };
      return { path: `/api/waitlist/${id}/` };
    },
  },
];

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Measurement {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
}

/** Spawns a process and resolves once it printed `readyText` (or at once without one). */
function startProcess(command: string[], env: NodeJS.ProcessEnv, readyText?: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyText && output.includes(readyText)) resolve(child);
    };
    if (!readyText) child.once('spawn', () => resolve(child));
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      const failure = new Error(`${command.join(' ')} exited with ${code}:\n${output}`);
      // After start-up nobody awaits this promise any more: say why the process ended.
      if (code && !child.killed) console.error(failure.message);
      reject(failure);
    });
  });
}

async function measure(url: string, request: Omit<BenchRequest, 'path'> = {}): Promise<Measurement> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...request });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  await buildClient({ minify: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-bench-'));
  const children: ChildProcess[] = [];
  try {
    const appPort = await freePort();
    const tsx = path.resolve('node_modules/.bin/tsx');
    seedBenchLocations(tsx, dataDir);
    children.push(
      await startProcess(
        [tsx, 'server/index.ts'],
        {
          PORT: String(appPort),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          SECRET_KEY: 'bench-secret-key-of-at-least-32-chars',
          // Every bench request comes from one address; the per-address limits would measure 429s.
          FORM_POSTS_PER_WINDOW: '10000',
          LOOKUPS_PER_WINDOW: '100000',
        },
      ),
    );
    await waitForHealth(`http://127.0.0.1:${appPort}/api/ht/`);

    const results: Record<string, unknown> = {};
    const baseUrl = `http://127.0.0.1:${appPort}`;
    for (const target of BENCH_TARGETS) {
      const { path: targetPath, ...request } = await target.prepare(baseUrl);
      const url = `${baseUrl}${targetPath}`;
      const html = await (await fetch(url, request)).text();
      const htmlFile = path.join(dataDir, 'page.html');
      writeFileSync(htmlFile, html);
      const staticPort = await freePort();
      const ceilingServer = await startProcess([tsx, 'bench/static-server.ts', htmlFile, String(staticPort)], {}, 'ready');
      children.push(ceilingServer);

      const app = await measure(url, request);
      const ceiling = await measure(`http://127.0.0.1:${staticPort}/`);
      ceilingServer.kill();
      const ratio = Number((app.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3));
      results[target.name] = { path: targetPath, method: request.method ?? 'GET', bytes: Buffer.byteLength(html), app, staticCeiling: ceiling, ratio };
      console.log(`\n${target.name} (${request.method ?? 'GET'} ${targetPath}, ${Buffer.byteLength(html)} bytes, ${CONNECTIONS} connections, ${DURATION_SECONDS} s)`);
      console.table({ app, 'static ceiling': ceiling });
      console.log(`app / ceiling requests per second: ${ratio}`);
    }
    const report = { date: new Date().toISOString(), node: process.version, database: process.env.DATABASE_URL ? 'postgres' : 'pglite', results };
    writeFileSync('bench/results.json', JSON.stringify(report, null, 2) + '\n');
    console.log('\nWritten to bench/results.json');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Seeds the bench locations into the server's database and prints the search's EXPLAIN plan.
 * Runs to completion before the server starts, since one PGlite folder takes one process.
 */
function seedBenchLocations(tsx: string, dataDir: string): void {
  const seeding = spawnSync(tsx, ['scripts/seed-bench-locations.ts'], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' });
  if (seeding.status !== 0) throw new Error(`Seeding the bench locations failed (exit ${seeding.status})`);
}

// A first start migrates and seeds the demo site (images, 660 restaurants) before it listens.
async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 720; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy at ${url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
