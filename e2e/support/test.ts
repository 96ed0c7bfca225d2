/**
 * The specs' `test`: Playwright's, with the browser's clock on the suite's today. With TEST_TODAY
 * set, the e2e server starts its clock on that day (playwright.config.ts) and so does every page
 * here, through Playwright's clock API, so the booking page's "today" is the server's. The clock
 * keeps running from there (install, not a fixed time), so timers and animations behave. Without
 * TEST_TODAY nothing is installed: browser, server and specs all read the real clock. A failed
 * test prints its page's address and accessibility tree (decision 014).
 */
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { testClock, testNow } from '../../src/server/test/test-today';

/** Puts a context created by hand (browser.newContext) on the suite's clock, like `test`'s own. */
export async function useSuiteClock(context: BrowserContext): Promise<void> {
  if (testClock()) await context.clock.install({ time: testNow() });
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await useSuiteClock(context);
    await use(context);
  },
  // A failed test prints where its page was and what the page offered, so that a failure in CI
  // (where only the printed output survives, not test-results/) can be read from the log.
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    console.log(`Page at the failure: ${page.url()}\n${await failureSnapshot(page)}`);
  },
});

/** The page's accessibility tree as Playwright's aria snapshot, cut at a length a log can take. */
async function failureSnapshot(page: Page): Promise<string> {
  const limit = 6_000;
  try {
    const snapshot = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
    return snapshot.length > limit ? `${snapshot.slice(0, limit)}\n…` : snapshot;
  } catch (err) {
    return `(no snapshot: ${String(err).split('\n')[0]})`;
  }
}

export { expect };
