/** What the browser journeys share: the suite's dates, the axe check and the toast region. */
import AxeBuilder from '@axe-core/playwright';
import { twMerge } from 'tailwind-merge';
import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import type { EventDto } from '@contracts/events';
import { upcomingRange } from '../../src/server/test/test-today';

// Today and the dates to book come from the one helper the API tests use too (TEST_TODAY aware).
export {
  bookableDates,
  daysFromToday,
  nextBookableDate,
  ownerInstant,
  testNow,
  testToday,
  upcomingRange,
} from '../../src/server/test/test-today';

/** Every weekday open 09:00–17:00. */
export const everyDay = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
    k,
    { enabled: true, startTime: '09:00', endTime: '17:00' },
  ]),
);

/** The rule sets of WCAG 2.2 AA (the European Accessibility Act's level) and axe's best practices. */
export const WCAG22_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeOptions {
  /**
   * The public pages (wizard, business page, manage page, embed): WCAG 2.2 AA's rules only, with
   * `target-size` (2.5.8, targets of at least 24 × 24 px) reported whatever its impact: axe rates
   * it serious, but a smaller target fails the criterion all the same. The owner pages keep axe's
   * default run.
   */
  wcag22?: boolean;
  /** Rules to skip, for a state a rule cannot judge (the caller says why). */
  disableRules?: string[];
  /** axe's legacy run: a page with a sandboxed frame, which the per-frame run waits on forever. */
  legacyMode?: boolean;
}

/**
 * Serious and critical axe violations on the page, each with its targets, and any conflicting
 * classes (`classConflicts`). Finite animations (a dialog or toast fading in) settle first: mid-fade
 * colours would be measured as low contrast.
 */
export async function seriousViolations(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  // Two frames first: a transition the last click started exists only once styles were recalculated,
  // and until then the check below would find nothing running (a tab's colours half changed).
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  let builder = new AxeBuilder({ page }).setLegacyMode(!!opts.legacyMode);
  if (opts.wcag22) {
    builder = builder.withTags(WCAG22_TAGS).options({ rules: { 'target-size': { enabled: true } } });
  }
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  const results = await builder.analyze();
  return results.violations
    .filter(
      (v) => v.impact === 'serious' || v.impact === 'critical' || (opts.wcag22 && v.id === 'target-size'),
    )
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
    .concat((await classConflicts(page)).map((c) => `class conflict: ${c}`));
}

/** `seriousViolations` with WCAG 2.2 AA's rules: for the public pages and the embed. */
export const publicViolations = (page: Page, opts: Omit<AxeOptions, 'wcag22'> = {}) =>
  seriousViolations(page, { ...opts, wcag22: true });

/**
 * Elements whose Tailwind classes conflict ('px-4 px-0'), each with the classes tailwind-merge would
 * drop. The public pages do not load tailwind-merge (src/web/lib/utils.ts), so there the stylesheet's
 * order, not the class list's, would pick the winner: they must not pass conflicting classes. The
 * owner pages' classes come merged, so every page checked by axe is checked for this too.
 */
export async function classConflicts(page: Page): Promise<string[]> {
  const lists = await page.evaluate(() =>
    [...new Set([...document.querySelectorAll('[class]')].map((el) => el.getAttribute('class') ?? ''))].map(
      (cls) => cls.split(/\s+/).filter(Boolean),
    ),
  );
  return lists.flatMap((classes) => {
    const kept = new Set(twMerge(classes.join(' ')).split(' '));
    const dropped = [...new Set(classes)].filter((c) => !kept.has(c));
    return dropped.length ? [`${dropped.join(' ')} in "${classes.join(' ')}"`] : [];
  });
}

/** A toast with this title in the notifications region. */
export const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Meldingen/ })
    .getByText(title, { exact: true })
    .first();

/**
 * The journeys' usual service: bookable every day 09:00–17:00 for the coming 60 days, 30 minutes,
 * asking a name and an e-mail address (and a phone number with `phoneField`).
 */
export function everyDayService(title: string, opts: { description?: string; phoneField?: boolean } = {}) {
  return {
    title,
    description: opts.description ?? 'Een frisse knipbeurt.',
    workingDays: everyDay,
    ...upcomingRange(60),
    durationMinutes: 30,
    dailyPauseTimes: {},
    customFields: [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      ...(opts.phoneField
        ? [{ fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 }]
        : []),
    ],
  };
}

/**
 * A freshly registered owner (an API context with their session, same-origin so the cross-site
 * guard accepts its writes) and an event bookable every day 09:00–17:00 for the coming 60 days.
 */
export async function ownerWithEvent(
  baseURL: string,
  opts: { prefix: string; title: string; phoneField?: boolean },
) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const reg = await api.post('/api/register', {
    data: { username: `${opts.prefix}${Date.now()}`, password: 'geheim123', email: 'lotte@example.nl' },
  });
  expect(reg.status()).toBe(201);
  const res = await api.post('/api/events', {
    data: everyDayService(opts.title, { phoneField: opts.phoneField }),
  });
  expect(res.status(), await res.text()).toBe(201);
  const event = (await res.json()) as EventDto;
  return { api, event, eventId: event.id };
}
