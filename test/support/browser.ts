import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type ConsoleMessage, type Page, type Protocol, type PuppeteerLifeCycleEvent } from 'puppeteer-core';
import { HEADLESS_CHROMIUM_FLAGS } from '../../scripts/chromium-flags';
import type { User } from '../../server/db/schema';
import { TEST_PASSWORD } from './admin';
import { startTestServer, type TestServer } from './server';
import { shiftedDateScript, wallClockOffsetMs } from './wall-clock';

/** The flags every browser test launches Chromium with (DEVELOPERS.md). */
export const CHROMIUM_FLAGS = [
  ...HEADLESS_CHROMIUM_FLAGS,
  // Test sites live at {slug}.test; resolve those names to this machine.
  '--host-resolver-rules=MAP *.test 127.0.0.1',
];

/** The Chromium to drive: CHROME_PATH, else Debian's, else none. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

/**
 * Launches headless Chromium, or skips the calling suite with a printed reason when there is
 * none and REQUIRE_BROWSER is unset; with REQUIRE_BROWSER a missing browser fails.
 */
export async function launchBrowserOrSkip(suite: Mocha.Context): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    const reason = 'No Chromium found (set CHROME_PATH or install chromium)';
    if (process.env.REQUIRE_BROWSER) throw new Error(`${reason}; REQUIRE_BROWSER is set, so browser tests cannot be skipped.`);
    console.log(`      Skipping browser tests: ${reason}.`);
    suite.skip();
  }
  return puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
}

/** Which of a tab's reports count as problems beside console errors and uncaught exceptions. */
export interface ProblemFilter {
  /** Console warnings as well: React reports hydration mismatches as warnings. */
  warnings?: boolean;
  /** Failed requests as well; a function counts only the addresses it accepts. */
  failedRequests?: boolean | ((url: string) => boolean);
  /** Problems the suite causes on purpose (a refusal it asks a server for), matched against each problem as written. */
  ignore?: readonly RegExp[];
}

/** How one logged value reads; V8 describes an Error by its stack, whose frames say nothing here. */
function loggedText(value: Protocol.Runtime.RemoteObject): string {
  if (value.subtype === 'error') return (value.description ?? '').split('\n    at ')[0]!;
  return value.type === 'string' ? String(value.value) : (value.description ?? String(value.value));
}

/** A console message's text with each logged Error written out: puppeteer's own text calls it 'JSHandle@error'. */
function consoleText(message: ConsoleMessage): string {
  const values = message.args().map((arg) => arg.remoteObject());
  return values.some((value) => value.subtype === 'error') ? values.map(loggedText).join(' ') : message.text();
}

/**
 * Collects a tab's problems into `problems`, each as 'kind: text (address)': console errors and
 * uncaught exceptions, and what `filter` adds or leaves out. A missing favicon is not one.
 */
export function collectProblems(page: Page, problems: string[], filter: ProblemFilter = {}): void {
  const report = (problem: string) => {
    if (!filter.ignore?.some((pattern) => pattern.test(problem))) problems.push(problem);
  };
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && !(filter.warnings && type === 'warn')) return;
    // The address tells which request failed; the message alone does not.
    const url = message.location().url;
    if (!url?.endsWith('/favicon.ico')) report(`${type}: ${consoleText(message)} (${url || page.url()})`);
  });
  page.on('pageerror', (error) => report(`pageerror: ${String(error)} (${page.url()})`));
  const { failedRequests } = filter;
  if (!failedRequests) return;
  page.on('requestfailed', (request) => {
    if (failedRequests === true || failedRequests(request.url())) report(`requestfailed: ${request.url()} (${page.url()})`);
  });
}

/** The size of a tab unless a test says otherwise. */
const DEFAULT_VIEWPORT = { width: 1280, height: 900 };

/**
 * A tab of `context` signed in to the back office as `user` through the login form, landed on
 * `next` (an address under /wagtail/); with `problems`, the tab's errors are collected there.
 */
export async function signInToAdmin(context: BrowserContext, origin: string, user: Pick<User, 'username'>, next: string, options: { problems?: string[] } = {}): Promise<Page> {
  const page = await context.newPage();
  if (options.problems) collectProblems(page, options.problems);
  await page.setViewport(DEFAULT_VIEWPORT);
  await page.goto(`${origin}/wagtail/login/?next=${encodeURIComponent(next)}`);
  await page.type('#id_username', user.username);
  await page.type('#id_password', TEST_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  const landed = new URL(page.url());
  if (`${landed.pathname}${landed.search}` !== next) throw new Error(`Sign-in of ${user.username} landed on ${page.url()} instead of ${next}`);
  return page;
}

/**
 * The statuses of a navigation that showed the page: 200, or 304 when the tab asked again for a
 * page it kept from an earlier visit (public pages carry an ETag) and the server confirmed it.
 */
export const PAGE_SHOWN = [200, 304] as const;

/** The app's root carries this once React has hydrated the page. */
export const HYDRATED = 'html[data-hydrated="true"]';

/** Follows the link at `selector` like a visitor and waits until the next page has hydrated. */
export async function followLink(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click(selector)]);
  await page.waitForSelector(HYDRATED);
}

/** A test server whose media live in a folder of its own. */
export interface MediaTestServer extends TestServer {
  mediaDir: string;
}

/** Starts the app with its media in a fresh folder, removed when the server closes: a `serve` for suites that store images. */
export async function startMediaTestServer(): Promise<MediaTestServer> {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-browser-media-'));
  const server = await startTestServer({ MEDIA_DIR: mediaDir });
  return {
    ...server,
    mediaDir,
    async close() {
      await server.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** What serves a suite's pages: stopped after the suite. */
interface Closable {
  close(): Promise<void>;
}

/** Where a browser suite differs from the rest: what serves its pages, what counts as a problem, how its tests are kept apart. */
export interface BrowserSuiteOptions<Served extends Closable> {
  /** Starts what serves the pages, once for the describe block: the app (startTestServer()) unless given. */
  serve?: () => Promise<Served>;
  /** What counts as a problem beside console errors and uncaught exceptions. */
  problems?: ProblemFilter;
  /** Each test gets a browser context of its own (its own cookies and storage), closed after it. */
  contextPerTest?: boolean;
}

/** The size of a new tab, and where it opens. */
export interface NewPageOptions {
  width?: number;
  height?: number;
  /** The context to open in: the current test's unless given. */
  context?: BrowserContext;
}

/** How suite.openPage loads its address. */
export interface OpenPageOptions extends NewPageOptions {
  /** When the load counts as done: once the network is idle unless given. */
  waitUntil?: PuppeteerLifeCycleEvent;
  /** What shows the page is ready once loaded: the app's hydration unless given; null to wait for nothing more. */
  readySelector?: string | null;
  /** Prepares the tab before it loads: an init script, request interception, emulated media. */
  beforeLoad?(page: Page): Promise<unknown>;
}

/** What a browser suite shares: its browser, what serves its pages, and what the current test's tabs reported. */
export interface BrowserSuite<Served> {
  readonly browser: Browser;
  readonly server: Served;
  /** Problems of the current test's watched tabs so far: each test must end with none, which the suite checks after it. */
  readonly problems: string[];
  /** Where the current test's tabs open: a context of its own with `contextPerTest`, else the browser's default one. */
  readonly context: BrowserContext;
  /** A new tab, 1280 by 900 unless sized otherwise, its problems collected. */
  newPage(options?: NewPageOptions): Promise<Page>;
  /** A new tab that has loaded `url` and is ready. */
  openPage(url: string, options?: OpenPageOptions): Promise<Page>;
  /** A fresh browser context, closed after the current test: a second visitor, a member of staff. Call it in a test. */
  newContext(): Promise<BrowserContext>;
  /** The problems so far, forgotten by the suite: for a test that causes some on purpose and checks them itself. */
  takeProblems(): string[];
  /** Forgets the problems so far that match `pattern`, which the current test causes on purpose; the others still fail it. */
  allowProblems(pattern: RegExp): void;
}

/**
 * The set-up every browser suite shares: a browser and what serves the pages (the app unless
 * `serve` says otherwise), started once for the describe block (skipped without a browser,
 * unless browsers are required) and closed after it; tabs that collect their problems; and after
 * each test, its contexts closed and a check that its tabs reported no problem. Call it first in
 * describe(); read its fields in hooks and tests.
 */
export function useBrowserSuite<Served extends Closable>(options: BrowserSuiteOptions<Served> & { serve(): Promise<Served> }): BrowserSuite<Served>;
export function useBrowserSuite(options?: BrowserSuiteOptions<TestServer>): BrowserSuite<TestServer>;
export function useBrowserSuite<Served extends Closable>(options: BrowserSuiteOptions<Served> = {}): BrowserSuite<Served | TestServer> {
  const { serve = () => startTestServer(), problems: filter = {}, contextPerTest = false } = options;
  let browser: Browser | undefined;
  let server: Served | TestServer | undefined;
  let testContext: BrowserContext | undefined;
  const testContexts: BrowserContext[] = [];
  const problems: string[] = [];
  before(async function () {
    browser = await launchBrowserOrSkip(this);
    server = await serve();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  if (contextPerTest) {
    beforeEach(async () => {
      testContext = await suite.newContext();
    });
  }
  afterEach(async () => {
    for (const context of testContexts.splice(0)) await context.close();
    testContext = undefined;
    expect(problems.splice(0)).to.deep.equal([]);
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The suite's ${what} is read before its before() hook ran.`);
    return value;
  };
  const suite: BrowserSuite<Served | TestServer> = {
    get browser() {
      return started(browser, 'browser');
    },
    get server() {
      return started(server, 'server');
    },
    problems,
    get context() {
      return testContext ?? suite.browser.defaultBrowserContext();
    },
    async newPage({ width = DEFAULT_VIEWPORT.width, height = DEFAULT_VIEWPORT.height, context = suite.context } = {}) {
      const page = await context.newPage();
      // Puppeteer's 30 s guard trips on a CI machine whose cores three browsers share; the test's own timeout still guards hangs.
      page.setDefaultTimeout(45_000);
      collectProblems(page, problems, filter);
      await page.setViewport({ width, height });
      // Under test:hours the tab's clock moves with the server's: both agree on what day it is.
      const offsetMs = wallClockOffsetMs();
      if (offsetMs !== 0) await page.evaluateOnNewDocument(shiftedDateScript(offsetMs));
      return page;
    },
    async openPage(url, { waitUntil = 'networkidle0', readySelector = HYDRATED, beforeLoad, ...size } = {}) {
      const page = await suite.newPage(size);
      await beforeLoad?.(page);
      await page.goto(url, { waitUntil });
      if (readySelector) await page.waitForSelector(readySelector);
      return page;
    },
    async newContext() {
      const context = await suite.browser.createBrowserContext();
      testContexts.push(context);
      return context;
    },
    takeProblems: () => problems.splice(0),
    allowProblems(pattern) {
      problems.push(...problems.splice(0).filter((problem) => !pattern.test(problem)));
    },
  };
  return suite;
}
