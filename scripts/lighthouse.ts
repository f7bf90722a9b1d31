/**
 * npm run lighthouse -- [--runs N] [--cpu-slowdown X] URL...: Lighthouse's mobile performance
 * score of each page of a running site (the default config: a mid-range phone on a slow 4G link,
 * simulated), with its metrics and the audits that cost points. Chromium is CHROME_PATH, else the
 * one chrome-launcher finds. With --runs N each page is measured N times and the run with the
 * median score shown, as a loaded machine moves a single score by a few points. The phone's CPU
 * is this machine's slowed down 4 times, which assumes a fast desktop: the benchmark index
 * printed says how fast this one was, and Lighthouse's guidance is 2 below 1300 and 1 below 800.
 * Not part of npm test.
 */
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { HEADLESS_CHROMIUM_FLAGS } from './chromium-flags';

const DEFAULT_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;
const CHROME_FLAGS = [...HEADLESS_CHROMIUM_FLAGS, '--disable-dev-shm-usage'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/** One page's measurement. */
export interface LighthouseRun {
  url: string;
  /** 0 to 100. */
  score: number;
  metrics: Record<(typeof METRICS)[number][1], string>;
  /** Titles of the performance audits that did not pass, with what they would save. */
  failing: string[];
  /** Lighthouse's measure of this machine's speed during the run (a fast desktop scores 1300 or more). */
  benchmarkIndex: number;
}

/** Runs Lighthouse's performance category (mobile) on `url` in the Chromium listening on `port`. */
async function measure(url: string, port: number, cpuSlowdown: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  const metrics = Object.fromEntries(METRICS.map(([id, name]) => [name, audits[id]?.displayValue ?? '?'])) as LighthouseRun['metrics'];
  const performanceAudits = lhr.categories.performance?.auditRefs.map((ref) => ref.id) ?? [];
  const failing = performanceAudits
    .map((id) => audits[id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => (audit!.displayValue ? `${audit!.title} (${audit!.displayValue})` : audit!.title));
  return { url, score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics, failing, benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) };
}

/** Measures each URL `runs` times in one headless Chromium; per URL, the run with the median score. */
export async function runLighthouse(urls: readonly string[], { runs = 1, cpuSlowdown = DEFAULT_CPU_SLOWDOWN, chromePath = process.env.CHROME_PATH } = {}): Promise<LighthouseRun[]> {
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const results: LighthouseRun[] = [];
    for (const url of urls) {
      const measured: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++) measured.push(await measure(url, chrome.port, cpuSlowdown));
      measured.sort((a, b) => a.score - b.score);
      results.push(measured[Math.floor((measured.length - 1) / 2)]!);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '1' }, 'cpu-slowdown': { type: 'string', default: String(DEFAULT_CPU_SLOWDOWN) } },
    allowPositionals: true,
  });
  const runs = Number(values.runs);
  const cpuSlowdown = Number(values['cpu-slowdown']);
  if (positionals.length === 0 || !Number.isInteger(runs) || runs < 1 || !(cpuSlowdown >= 1)) {
    console.error('Usage: npm run lighthouse -- [--runs N] [--cpu-slowdown X (at least 1)] URL...');
    process.exit(2);
  }
  for (const run of await runLighthouse(positionals, { runs, cpuSlowdown })) {
    console.log(`${String(run.score).padStart(3)}  ${run.url}  (benchmark index ${run.benchmarkIndex}, CPU slowdown ${cpuSlowdown})`);
    console.log(`     ${METRICS.map(([, name]) => `${name} ${run.metrics[name]}`).join('  ')}`);
    for (const title of run.failing) console.log(`     - ${title}`);
  }
}
