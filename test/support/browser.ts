import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import type { User } from '../../server/db/schema';
import { TEST_PASSWORD } from './admin';

/** The flags every browser test launches Chromium with (DEVELOPERS.md). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
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

/** Collects the console errors and uncaught exceptions of a tab into `problems` (a missing favicon aside). */
export function collectProblems(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    const url = message.location().url;
    // The address tells which request failed; the message alone does not.
    if (message.type() === 'error' && !url?.endsWith('/favicon.ico')) problems.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
}

/**
 * A tab of `context` signed in to the back office as `user` through the login form, landed on
 * `next` (an address under /wagtail/); with `problems`, the tab's errors are collected there.
 */
export async function signInToAdmin(context: BrowserContext, origin: string, user: Pick<User, 'username'>, next: string, options: { problems?: string[] } = {}): Promise<Page> {
  const page = await context.newPage();
  if (options.problems) collectProblems(page, options.problems);
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${origin}/wagtail/login/?next=${encodeURIComponent(next)}`);
  await page.type('#id_username', user.username);
  await page.type('#id_password', TEST_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  const landed = new URL(page.url());
  if (`${landed.pathname}${landed.search}` !== next) throw new Error(`Sign-in of ${user.username} landed on ${page.url()} instead of ${next}`);
  return page;
}
