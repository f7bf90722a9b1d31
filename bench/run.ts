/**
 * npm run bench: starts the real server on a freshly seeded database (PGlite in a temporary
 * folder, or DATABASE_URL), measures each endpoint with autocannon, measures the same bytes
 * from a bare Node http server as the ceiling (each side warmed up, then measured in alternating
 * turns), prints both and writes bench/results.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { z } from 'zod';
import type { PageData, PreloadedData, SiteChrome } from '../client/lib/page-data';
import { buildClient } from '../scripts/build-client';
import { formatFirstLoad, measureFirstLoad } from './first-load';
import { BENCH_SEARCH, BENCH_WAITLIST_RLID } from '../scripts/bench-constants';
import { freePort } from '../scripts/free-port';

/** One request shape autocannon repeats. */
interface BenchRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A header given a fresh random value on every request, as the site's forms send an Idempotency-Key. */
  freshHeader?: string;
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
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { cookie, 'x-csrftoken': token, 'content-type': 'application/json' };
}

const joinBody = JSON.stringify({ rlid: BENCH_WAITLIST_RLID, partySize: 2, firstName: 'Bench', lastName: 'Guest', phone: '(555) 555-0100' });

/** Public pages: measured kept by the render cache, rendered afresh, and against their floors. */
const PAGE_TARGETS = [
  { name: 'home page (block-heavy)', path: '/' },
  { name: 'press release list', path: '/press/press-releases/' },
  { name: 'local page', path: '/seafood-restaurants/locations/portland-me/portland-waterfront/' },
  { name: 'city page', path: '/seafood-restaurants/locations/portland-me/' },
] as const;

/** The APIs measured against the static ceiling of their own answer. */
const API_TARGETS: BenchTarget[] = [
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
    // As the site's join form sends it: every attempt with an Idempotency-Key of its own, looked up first.
    name: 'wait-list join with an Idempotency-Key (one location)',
    prepare: async (baseUrl) => ({ path: '/api/waitlist/', method: 'POST', headers: await csrfHeaders(baseUrl), body: joinBody, freshHeader: 'idempotency-key' }),
  },
  {
    name: 'wait-list status',
    prepare: async (baseUrl) => {
      const joined = await fetch(`${baseUrl}/api/waitlist/`, { method: 'POST', headers: await csrfHeaders(baseUrl), body: joinBody });
      if (!joined.ok) throw new Error(`Joining the bench wait list answered ${joined.status}: ${await joined.text()}`);
      const { plan_ahead_id: id } = (await joined.json()) as { plan_ahead_id: string };
      return { path: `/api/waitlist/${id}/` };
    },
  },
];

/**
 * Turns each side of a comparison takes, DURATION_SECONDS in all, alternating with the other side:
 * short turns, so that the two turns of a pair meet the machine at nearly the same speed.
 */
const TURNS = 10;

/** The bench's settings; autocannon runs whole seconds, so each turn is a whole number of them. */
const benchEnv = z.object({
  BENCH_DURATION: z.coerce
    .number()
    .int()
    .positive()
    .refine((seconds) => seconds % TURNS === 0, `must be a multiple of ${TURNS} seconds: each side takes ${TURNS} turns of whole seconds`)
    .default(20),
  BENCH_CONNECTIONS: z.coerce.number().int().positive().default(10),
  /** Load before a server is measured: its first seconds time V8 compiling the hot code, not serving. */
  BENCH_WARMUP: z.coerce.number().int().nonnegative().default(3),
});

function readBenchEnv(env: NodeJS.ProcessEnv) {
  const parsed = benchEnv.safeParse(env);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const variable = String(issue.path[0]);
    console.error(`Invalid environment variable ${variable} (${JSON.stringify(env[variable])}): ${issue.message}`);
  }
  process.exit(2);
}

const { BENCH_DURATION: DURATION_SECONDS, BENCH_CONNECTIONS: CONNECTIONS, BENCH_WARMUP: WARMUP_SECONDS } = readBenchEnv(process.env);

interface Measurement {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Of turns measured as one: the highest of the turns' own p99s, the row's worst turn. */
  worstTurnP99Ms?: number;
}

/** One autocannon run: its figures, and how long each request it counted (a 2xx) took. */
interface Run {
  measurement: Measurement;
  latenciesMs: number[];
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
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      const failure = new Error(`${command.join(' ')} exited with ${code}:\n${output}`);
      // After start-up nobody awaits this promise any more: say why the process ended.
      if (code && !child.killed) console.error(failure.message);
      reject(failure);
    });
  });
}

/**
 * One autocannon run against `url`. With `keepLatencies`, each request's time is kept (a turn's,
 * for its row's percentiles); otherwise the load generator, which shares the machine's cores with
 * the server it measures, does no work per response beyond autocannon's own.
 */
function measure(
  url: string,
  {
    durationSeconds = DURATION_SECONDS,
    keepLatencies = false,
    ...request
  }: Omit<BenchRequest, 'path'> & { overallRate?: number; durationSeconds?: number; keepLatencies?: boolean } = {},
): Promise<Run> {
  const { freshHeader, ...options } = request;
  const fresh: autocannon.Request[] | undefined = freshHeader ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, [freshHeader]: randomUUID() } }) }] : undefined;
  const latenciesMs: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: durationSeconds, ...options, ...(fresh ? { requests: fresh } : {}) }, (error: unknown, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      // A rate of refusals or errors is no measure of the endpoint.
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(
          new Error(
            `${request.method ?? 'GET'} ${url} answered ${result.non2xx} of ${result.requests.total} requests with a status other than 2xx (${result.errors} errors): not measured`,
          ),
        );
      }
      resolve({
        measurement: { requestsPerSecond: Math.round(result.requests.average), latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99 },
        latenciesMs,
      });
    });
    if (keepLatencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTime);
      });
    }
  });
}

/** The value below which `percent` of the sorted values lie (nearest rank), in ms to a tenth. */
function percentile(sorted: Float64Array, percent: number): number {
  const value = sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

/**
 * Turns of one side, as one measurement: the mean rate, and the median and p99 of every request
 * of every turn. The highest of the turns' own p99s goes with them: one turn's p99 is its few
 * slowest requests, so the highest of ten is nearer the p99.9 of the whole.
 */
function combined(turns: Run[]): Measurement {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const latencies = Float64Array.from(turns.flatMap((turn) => turn.latenciesMs)).sort();
  return {
    requestsPerSecond: Math.round(mean(turns.map((turn) => turn.measurement.requestsPerSecond))),
    latencyP50Ms: percentile(latencies, 50),
    latencyP99Ms: percentile(latencies, 99),
    worstTurnP99Ms: Math.max(...turns.map((turn) => turn.measurement.latencyP99Ms)),
  };
}

/**
 * The app and its floor (static bytes, bare renderToString) measured side by side: each warmed up
 * first, then in alternating turns, so that a machine whose speed drifts during the run (a shared
 * host's neighbours) weighs on both sides alike. The ratio is the median of each pair of turns'
 * own ratio: a turn that met a burst of a neighbour's load moves the mean of its side, not the
 * median of the pairs.
 */
async function measureSideBySide(appUrl: string, floorUrl: string, request: Omit<BenchRequest, 'path'> = {}): Promise<{ app: Measurement; floor: Measurement; ratio: number }> {
  // The floor answers any request alike: it gets plain GETs, as the ceiling always has.
  const appTurn = (seconds: number, keepLatencies = true) => measure(appUrl, { ...request, durationSeconds: seconds, keepLatencies });
  const floorTurn = (seconds: number, keepLatencies = true) => measure(floorUrl, { durationSeconds: seconds, keepLatencies });
  await appTurn(WARMUP_SECONDS, false);
  await floorTurn(WARMUP_SECONDS, false);
  const app: Run[] = [];
  const floor: Run[] = [];
  for (let index = 0; index < TURNS; index += 1) {
    app.push(await appTurn(DURATION_SECONDS / TURNS));
    floor.push(await floorTurn(DURATION_SECONDS / TURNS));
  }
  return { app: combined(app), floor: combined(floor), ratio: median(app.map((turn, index) => turn.measurement.requestsPerSecond / floor[index]!.measurement.requestsPerSecond)) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Number(value.toFixed(3));
}

/** The app, started and stopped by the bench; one PGlite folder serves one process at a time. */
interface RunningApp {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startApp(tsx: string, dataDir: string, env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const child = await startProcess([tsx, 'server/index.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SECRET_KEY: 'bench-secret-key-of-at-least-32-chars',
    // Every bench request comes from one address; the per-address limits would measure 429s (a
    // join row measures over 10,000 posts on a fast machine): their most, in a window of a second.
    FORM_POSTS_PER_WINDOW: '10000',
    LOOKUPS_PER_WINDOW: '100000',
    FORM_RATE_WINDOW_SECONDS: '1',
    ...env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(`${baseUrl}/api/ht/`);
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Serves `body` (the page as the app sent it) from the static ceiling, or renders it from its data (`pageDataJson`) in the bare renderer. */
async function withFloorServer<T>(tsx: string, dataDir: string, kind: 'static' | 'bare render', body: string, measureAt: (url: string) => Promise<T>): Promise<T> {
  const file = path.join(dataDir, kind === 'static' ? 'page.html' : 'page-data.json');
  writeFileSync(file, body);
  const port = await freePort();
  const script = kind === 'static' ? 'bench/static-server.ts' : 'bench/bare-render-server.tsx';
  const server = await startProcess([tsx, script, file, String(port)], { NODE_ENV: 'production' }, 'ready');
  try {
    return await measureAt(`http://127.0.0.1:${port}/`);
  } finally {
    server.kill();
  }
}

/** What a page at `pageUrl` hydrates with, as JSON: its preloaded template, props and context, and its site's chrome. */
async function pageDataJson(pageUrl: string, html: string): Promise<string> {
  const match = /<script type="application\/json" id="preloaded"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('The page carries no preloaded JSON');
  const { siteChrome, context, ...page } = JSON.parse(match[1]!) as PreloadedData;
  const response = await fetch(new URL(siteChrome, pageUrl));
  if (!response.ok) throw new Error(`The site's chrome at ${siteChrome} answered ${response.status}`);
  const data: PageData = { ...page, context: { ...context, site: (await response.json()) as SiteChrome } };
  return JSON.stringify(data);
}

function report(results: Record<string, unknown>, name: string, detail: string, rows: Record<string, Measurement>, ratios: Record<string, number>): void {
  results[name] = { ...Object.fromEntries(Object.entries(rows)), ratios };
  console.log(`\n${name} (${detail}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s)`);
  console.table(rows);
  for (const [label, value] of Object.entries(ratios)) console.log(`${label}: ${value}`);
}

async function main(): Promise<void> {
  const firstLoad = measureFirstLoad(await buildClient({ minify: true }));
  console.log(`First load of each template (what a page preloads before hydration):\n${formatFirstLoad(firstLoad)}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-bench-'));
  const tsx = path.resolve('node_modules/.bin/tsx');
  const results: Record<string, unknown> = {};
  let app: RunningApp | undefined;
  try {
    seedBenchLocations(tsx, dataDir);

    // Kept pages and the APIs, against the same bytes from a bare static server.
    app = await startApp(tsx, dataDir, {});
    for (const target of PAGE_TARGETS) {
      const url = `${app.baseUrl}${target.path}`;
      const html = await (await fetch(url)).text();
      const { app: cached, floor: ceiling, ratio: keptRatio } = await withFloorServer(tsx, dataDir, 'static', html, (floorUrl) => measureSideBySide(url, floorUrl));
      // Latency where a site runs: below its peak, at 80% of the rate it can serve.
      const { measurement: atEightyPercent } = await measure(url, { overallRate: Math.round(cached.requestsPerSecond * 0.8) });
      report(
        results,
        `${target.name}, kept`,
        `GET ${target.path}, ${Buffer.byteLength(html)} bytes`,
        { 'app (render cache)': cached, 'app at 80% of peak': atEightyPercent, 'static ceiling': ceiling },
        {
          'kept page / static ceiling': keptRatio,
        },
      );
    }
    for (const target of API_TARGETS) {
      const { path: targetPath, ...request } = await target.prepare(app.baseUrl);
      const url = `${app.baseUrl}${targetPath}`;
      const body = await (await fetch(url, request)).text();
      const { app: measured, floor: ceiling, ratio: apiRatio } = await withFloorServer(tsx, dataDir, 'static', body, (floorUrl) => measureSideBySide(url, floorUrl, request));
      report(results, target.name, `${request.method ?? 'GET'} ${targetPath}`, { app: measured, 'static ceiling': ceiling }, { 'app / static ceiling': apiRatio });
    }
    await app.stop();

    // Every view rendered, against renderToString of the same template and props alone.
    app = await startApp(tsx, dataDir, { RENDER_CACHE_SECONDS: '0' });
    for (const target of PAGE_TARGETS) {
      const url = `${app.baseUrl}${target.path}`;
      const html = await (await fetch(url)).text();
      const {
        app: rendered,
        floor: bare,
        ratio: renderedRatio,
      } = await withFloorServer(tsx, dataDir, 'bare render', await pageDataJson(url, html), (floorUrl) => measureSideBySide(url, floorUrl));
      report(
        results,
        `${target.name}, rendered`,
        `GET ${target.path}, no render cache`,
        { 'app (rendered)': rendered, 'bare renderToString': bare },
        {
          'rendered page / bare renderToString': renderedRatio,
        },
      );
    }
    await app.stop();

    // Several processes need PostgreSQL; the embedded database serves one.
    if (process.env.DATABASE_URL) {
      for (const cache of ['60', '0']) {
        app = await startApp(tsx, dataDir, { WEB_CONCURRENCY: '2', RENDER_CACHE_SECONDS: cache });
        const target = PAGE_TARGETS[0];
        const { measurement: twoWorkers } = await measure(`${app.baseUrl}${target.path}`);
        report(results, `${target.name}, 2 workers, ${cache === '0' ? 'rendered' : 'kept'}`, `GET ${target.path}`, { 'app (2 workers)': twoWorkers }, {});
        await app.stop();
      }
    } else {
      console.log('\n2 workers: not measured (set DATABASE_URL: several processes need PostgreSQL)');
    }
    app = undefined;

    const record = {
      date: new Date().toISOString(),
      node: process.version,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      turns: TURNS,
      firstLoad,
      results,
    };
    writeFileSync('bench/results.json', JSON.stringify(record, null, 2) + '\n');
    console.log('\nWritten to bench/results.json');
  } finally {
    await app?.stop();
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
