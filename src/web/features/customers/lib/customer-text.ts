import type { CustomerDetail } from '@contracts/customers';
import { emailTakenDetails } from '@contracts/customers';
import { nl } from '@contracts/messages';
import { formatShortDutchDate, instantParts } from '@core/index';
import { hasErrorCode } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';

const t = nl.customersUi;

/** The day of an instant in the business's zone, as the lists show dates: '3 dec. 2026'. */
export function dayText(at: string | null, timeZone: string): string {
  if (!at) return t.never;
  return formatShortDutchDate(instantParts(new Date(at), timeZone).date);
}

/** An instant with its time: '3 dec. 2026 om 14:05'. */
export function momentText(at: string, timeZone: string): string {
  const { date, time } = instantParts(new Date(at), timeZone);
  return fill(nl.bookingDetails.at, { date: formatShortDutchDate(date), time });
}

/** The tags as typed in one field, comma separated; empty pieces are left out. */
export function tagsFromText(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export const tagsText = (tags: readonly string[]) => tags.join(', ');

/** 'Toestemming gegeven op 3 dec. 2026, door u vastgelegd' (when and how the consent was recorded). */
export function consentText(
  c: Pick<CustomerDetail, 'marketingConsent' | 'marketingConsentAt' | 'marketingConsentSource'>,
  timeZone: string,
): string {
  if (!c.marketingConsent) return t.consentNo;
  if (!c.marketingConsentAt || !c.marketingConsentSource) return t.consentYes;
  const when = fill(t.consentWhen, {
    when: dayText(c.marketingConsentAt, timeZone),
    source: t.consentSources[c.marketingConsentSource],
  });
  return `${t.consentYes} ${when}`;
}

/**
 * The other customer of a refused create or edit (409 CONFLICT: the address is theirs), so the
 * screen can offer to merge; null for any other failure.
 */
export function emailTakenBy(error: unknown): { customerId: string; customerName: string } | null {
  if (!hasErrorCode(error, 'CONFLICT')) return null;
  const parsed = emailTakenDetails.safeParse((error.body as { details?: unknown } | undefined)?.details);
  return parsed.success ? parsed.data : null;
}
