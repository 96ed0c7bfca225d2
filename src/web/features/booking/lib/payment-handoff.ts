/**
 * Paying from an embedded booking page (docs/PRODUCT.md#embed-payment). A bank's page (iDEAL | Wero,
 * Bancontact) refuses to load inside an iframe, so the iframe hands the started payment to a
 * top-level page of ours, `/betalen`, in the URL fragment: a fragment never reaches a server or its
 * logs, and it needs no storage shared between the iframe and the new tab (Chrome partitions a
 * third-party iframe's storage, so none is).
 */
import type { PendingBooking } from './booking-storage';
import type { PaymentSession } from './wizard-state';

export const PAY_PAGE_PATH = '/betalen';

/** What the top-level payment page needs: the event (by slug, for its page) and the started payment. */
export interface PaymentHandoff {
  slug: string;
  payment: PaymentSession;
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * The link the iframe opens. The new tab is a page of its own, not an embed: its result pages are the
 * full ones and 'Opnieuw proberen' leads to the booking page itself.
 */
export function payPageHref(slug: string, payment: PaymentSession): string {
  const bookingPath = `/boek/${encodeURIComponent(slug)}`;
  const pending: PendingBooking = { ...payment.pending, bookingPath, startPath: bookingPath };
  const handoff: PaymentHandoff = { slug, payment: { ...payment, pending } };
  return `${PAY_PAGE_PATH}#${toBase64Url(JSON.stringify(handoff))}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const CLIENT_SECRET = /^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/;
/** A business logo is only ever one of ours (docs/PRODUCT.md#business-profile), never another site's image. */
const LOGO_URL = /^\/api\/public\/logos\/[0-9a-f-]{36}\?v=\d+$/;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The handoff, or null when it is not one. Anyone can make such a link, so every part the page acts
 * on is checked: the payment must look like a provider's, the paths must stay on the booking pages.
 * The booking itself is checked by the server when it is made.
 */
export function parseHandoff(value: unknown): PaymentHandoff | null {
  if (!isObject(value) || typeof value.slug !== 'string' || !/^[^/?#\\]{1,100}$/.test(value.slug))
    return null;
  const payment = value.payment;
  if (!isObject(payment) || !isObject(payment.pending) || !isObject(payment.pending.booking)) return null;
  const { clientSecret, managementToken, expiresAt, publicKey, pending } = payment;
  const { bookingPath, startPath, eventTitle, business } = pending;
  const ok =
    typeof clientSecret === 'string' &&
    CLIENT_SECRET.test(clientSecret) &&
    typeof managementToken === 'string' &&
    TOKEN.test(managementToken) &&
    typeof expiresAt === 'string' &&
    (publicKey === null || (typeof publicKey === 'string' && publicKey.startsWith('pk_'))) &&
    typeof eventTitle === 'string' &&
    bookingPath === `/boek/${encodeURIComponent(value.slug)}` &&
    // '/' in a handoff made before 'back' led to the booking page (docs/PRODUCT.md#good-endings).
    (startPath === bookingPath || startPath === '/') &&
    (business === undefined ||
      (isObject(business) &&
        (business.logoUrl === null ||
          (typeof business.logoUrl === 'string' && LOGO_URL.test(business.logoUrl)))));
  return ok ? (value as unknown as PaymentHandoff) : null;
}

/** The handoff in a location hash ('#…'), or null. */
export function readHandoff(hash: string): PaymentHandoff | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return null;
  try {
    return parseHandoff(JSON.parse(fromBase64Url(text)));
  } catch {
    return null;
  }
}
