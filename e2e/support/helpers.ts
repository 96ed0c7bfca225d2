/** What the browser journeys share: dates in the owner's zone, the axe check and the toast region. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** 'yyyy-MM-dd' in the owner's zone (Europe/Amsterdam), `offsetDays` from today. */
export function amsterdamDate(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(d);
}

/**
 * Serious and critical axe violations on the page, each with its targets. Finite animations (a
 * dialog or toast fading in) settle first: mid-fade colours would be measured as low contrast.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A toast with this title in the notifications region. */
export const toast = (page: Page, title: string) => page.getByRole('region', { name: /Meldingen/ }).getByText(title, { exact: true }).first();
