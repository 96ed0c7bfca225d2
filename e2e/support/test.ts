/**
 * The specs' `test`: Playwright's, with the browser's clock on the suite's today. With TEST_TODAY
 * set, the e2e server starts its clock on that day (playwright.config.ts) and so does every page
 * here, through Playwright's clock API, so the booking page's "today" is the server's. The clock
 * keeps running from there (install, not a fixed time), so timers and animations behave. Without
 * TEST_TODAY nothing is installed: browser, server and specs all read the real clock.
 */
import { expect, test as base, type BrowserContext } from '@playwright/test';
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
});

export { expect };
