/**
 * What the public pages keep in sessionStorage (docs/PRODUCT.md#local-storage): the
 * summary of the booking just made, a pending (paid) booking, a payment error and a return path.
 * sessionStorage survives the card provider's redirect but not the tab, so nothing lingers.
 */
import type { PublicSeriesBookingBody } from '@contracts/public-series';
import type { PublicBusiness } from '@contracts/public-business';
import type { TextChannel } from '@contracts/enums';

export const BOOKING_SUMMARY_KEY = 'bookingSummary';
export const PENDING_BOOKING_KEY = 'pendingBooking';
export const PAYMENT_ERROR_KEY = 'paymentError';
export const PAYMENT_RETURN_KEY = 'paymentReturnUrl';
export const PAYMENT_HANDOFF_KEY = 'paymentHandoff';

export interface BookingSummary {
  eventTitle: string;
  date: string;
  time: string;
  durationMinutes: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** Decimal text ('25.00') when the booking was paid for. */
  paidAmount: string | null;
  /** Decimal text of what is left to pay at the appointment (after a deposit, docs/PRODUCT.md#deposits). */
  dueAmount?: string | null;
  /** The event's currency (ISO code) of the amounts; EUR when absent (kept before it was stored). */
  currency?: string;
  /** Every answer, keyed by field name; the success page leaves out name, e-mail and phone. */
  responses: Record<string, string>;
  /** The field the name was taken from, so it is not listed twice. */
  nameField: string | null;
  /** Null only if the server gave no link (a paid booking whose link came with the payment intent and was lost). */
  managementUrl: string | null;
  /**
   * Where 'back' leads: the booking page (with `?embed=true` inside an embed), never the owner's
   * login (docs/PRODUCT.md#good-endings); '/' only in a summary stored before that.
   */
  startPath: string;
  themeColor: string;
  /** The owner's zone, for 'Zet in agenda' (absent in a summary stored before it was kept). */
  timeZone?: string;
  /** The business behind the service (absent in a summary stored before it was kept). */
  business?: PublicBusiness;
  /** The agenda (person) the booking is with; only when the service has several. */
  agendaName?: string | null;
  /** The bank still processes the payment (a redirect method): booked, paid later. */
  paymentPending?: boolean;
  /** The places a class booking took (docs/PRODUCT.md#classes); absent in a summary stored before. */
  seats?: number;
  /** A request waiting for the owner's approval (docs/PRODUCT.md#approval): received, not confirmed. */
  requested?: boolean;
  /** Every date of a series booked at once (docs/PRODUCT.md#series), the first one included. */
  series?: { date: string; time: string }[];
  /** The customer asked for its messages by text too (docs/PRODUCT.md#text-messages): by which. */
  textChannel?: TextChannel;
}

/** docs/PRODUCT.md#paid-flow: the booking payload plus what the success page needs. */
export interface PendingBooking {
  /** With `series` for a series (docs/PRODUCT.md#series): the paid flow confirms it with this body. */
  booking: PublicSeriesBookingBody;
  eventTitle: string;
  /** What is paid online now: the price, or the deposit (docs/PRODUCT.md#deposits). */
  paymentAmount: string | null;
  /** What is left to pay at the appointment after a deposit; absent or null: nothing. */
  dueLater?: string | null;
  /** The event's currency (ISO code); EUR when absent. */
  currency?: string;
  durationMinutes: number;
  nameField: string | null;
  startPath: string;
  themeColor: string;
  timeZone?: string;
  business?: PublicBusiness;
  /** The booking page itself ('/boek/{slug}', with its query): where 'Opnieuw proberen' leads after a failed payment. */
  bookingPath: string;
  /** For a paid booking the link comes with the payment intent, not with the booking. */
  managementUrl?: string | null;
  /** The service's agendas when it has several, to name the booking's on the success page. */
  agendas?: { id: string; name: string }[];
  /**
   * The first segment of a visit (docs/PRODUCT.md#visits): the title, minutes and amounts are the
   * whole visit's, so the summary keeps them rather than that one segment's.
   */
  visit?: boolean;
  /** How the service texts the customer who asked (docs/PRODUCT.md#text-messages); null: it does not. */
  textChannel?: TextChannel | null;
}

/**
 * Where values live when sessionStorage is unavailable — private modes, or a browser that blocks
 * the storage of a third-party iframe (an embed): in memory for this page's life, which is enough
 * for the wizard's in-app navigation to the result pages (not for a provider's redirect; an embed
 * pays in a new window for that reason, docs/PRODUCT.md#embed-payment).
 */
const memory = new Map<string, string>();

function readText(key: string): string | null {
  try {
    return sessionStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function read<T>(key: string): T | null {
  const text = readText(key);
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    sessionStorage.setItem(key, text);
  } catch {
    memory.set(key, text);
  }
}

function remove(key: string): void {
  memory.delete(key);
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Unavailable: only the memory copy existed.
  }
}

export const bookingStorage = {
  saveSummary: (summary: BookingSummary) => write(BOOKING_SUMMARY_KEY, summary),
  summary: () => read<BookingSummary>(BOOKING_SUMMARY_KEY),
  savePending: (pending: PendingBooking) => write(PENDING_BOOKING_KEY, pending),
  pending: () => read<PendingBooking>(PENDING_BOOKING_KEY),
  clearPending: () => remove(PENDING_BOOKING_KEY),
  /** docs/PRODUCT.md#paid-flow: on a payment failure the message and the current path (with query) are stored. */
  saveFailure: (message: string, returnUrl?: string) => {
    write(PAYMENT_ERROR_KEY, message);
    if (returnUrl) write(PAYMENT_RETURN_KEY, returnUrl);
  },
  failureMessage: () => readText(PAYMENT_ERROR_KEY),
  /** docs/PRODUCT.md#embed-payment: the payment an embed handed to /betalen, so a reload of that tab keeps it. */
  saveHandoff: (handoff: unknown) => write(PAYMENT_HANDOFF_KEY, handoff),
  handoff: () => read<unknown>(PAYMENT_HANDOFF_KEY),
  /** Only a same-site path is followed, never an address someone planted. */
  returnUrl: () => {
    const url = readText(PAYMENT_RETURN_KEY);
    return url && url.startsWith('/') && !url.startsWith('//') ? url : '/';
  },
};
