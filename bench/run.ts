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
import { freePort } from '../scripts/free-port';

/** The endpoints measured; later features add theirs here. */
const BENCH_TARGETS: Array<{ name: string; path: string }> = [
  { name: 'home page (block-heavy)', path: '/' },
  { name: 'press release list', path: '/press/press-releases/' },
  // Kansas City, inside the area scripts/seed-bench-locations.ts fills with 50,000 locations.
  { name: 'nearest locations (50,000 seeded)', path: '/api/location/getlocations/?latitude=39.0997&longitude=-94.5786&radius=200&limit=26' },
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
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}:\n${output}`)));
  });
}

async function measure(url: string): Promise<Measurement> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
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
        { PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', SECRET_KEY: 'bench-secret-key-of-at-least-32-chars' },
      ),
    );
    await waitForHealth(`http://127.0.0.1:${appPort}/api/ht/`);

    const results: Record<string, unknown> = {};
    for (const target of BENCH_TARGETS) {
      const url = `http://127.0.0.1:${appPort}${target.path}`;
      const html = await (await fetch(url)).text();
      const htmlFile = path.join(dataDir, 'page.html');
      writeFileSync(htmlFile, html);
      const staticPort = await freePort();
      const ceilingServer = await startProcess([tsx, 'bench/static-server.ts', htmlFile, String(staticPort)], {}, 'ready');
      children.push(ceilingServer);

      const app = await measure(url);
      const ceiling = await measure(`http://127.0.0.1:${staticPort}/`);
      ceilingServer.kill();
      const ratio = Number((app.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3));
      results[target.name] = { path: target.path, bytes: Buffer.byteLength(html), app, staticCeiling: ceiling, ratio };
      console.log(`\n${target.name} (${target.path}, ${Buffer.byteLength(html)} bytes, ${CONNECTIONS} connections, ${DURATION_SECONDS} s)`);
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

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
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
