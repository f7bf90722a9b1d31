import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

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
