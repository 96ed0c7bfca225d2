import { describe, expect, it } from 'vitest';
import type { PendingBooking } from './booking-storage';
import { PAY_PAGE_PATH, payPageHref, readHandoff } from './payment-handoff';
import type { PaymentSession } from './wizard-state';

const pending: PendingBooking = {
  booking: {
    eventId: '6f1c1a52-9a57-4a43-9d0e-0b6c1c1f6a11',
    customerName: 'Zoë Çelik',
    customerEmail: 'zoe@example.nl',
    customerPhone: null,
    bookingDate: '2030-03-04',
    bookingTime: '10:30',
    customFieldResponses: { Naam: 'Zoë Çelik', 'E-mail': 'zoe@example.nl' },
  },
  eventTitle: 'Knippen & föhnen',
  paymentAmount: '25.00',
  durationMinutes: 30,
  nameField: 'Naam',
  startPath: '/boek/knippen?embed=true',
  themeColor: '#7C3AED',
  bookingPath: '/boek/knippen?embed=true',
  managementUrl: 'http://localhost/booking/manage/abcdefghijklmnopqrstuvwxyz012345',
};

const payment: PaymentSession = {
  clientSecret: 'pi_3Abc123_secret_Xyz789',
  publicKey: 'pk_test_salon',
  expiresAt: '2030-03-04T09:45:00.000Z',
  managementToken: 'abcdefghijklmnopqrstuvwxyz012345',
  pending,
};

const hashOf = (href: string) => href.slice(href.indexOf('#'));

/** A handoff as someone might hand-craft it, encoded the way the page reads it. */
const crafted = (value: unknown) => `#${Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')}`;

describe('payment handoff from an embed to /betalen (docs/PRODUCT.md#embed-payment)', () => {
  it('carries the payment in the fragment and makes the new tab a page of its own', () => {
    const href = payPageHref('knippen', payment);
    expect(href.startsWith(`${PAY_PAGE_PATH}#`)).toBe(true);
    // Nothing of the payment in the path or a query: only the fragment, which no server sees.
    expect(href.slice(0, href.indexOf('#'))).toBe('/betalen');
    const read = readHandoff(hashOf(href));
    expect(read).toEqual({
      slug: 'knippen',
      payment: {
        ...payment,
        pending: { ...pending, bookingPath: '/boek/knippen', startPath: '/boek/knippen' },
      },
    });
  });

  it('keeps non-ASCII answers intact', () => {
    const read = readHandoff(hashOf(payPageHref('knippen', payment)));
    expect(read?.payment.pending.booking.customerName).toBe('Zoë Çelik');
    expect(read?.payment.pending.eventTitle).toBe('Knippen & föhnen');
  });

  it('refuses what is not a handoff', () => {
    const good = readHandoff(hashOf(payPageHref('knippen', payment)))!;
    expect(readHandoff('')).toBeNull();
    expect(readHandoff('#')).toBeNull();
    expect(readHandoff('#not-base64-json')).toBeNull();
    expect(readHandoff(crafted(null))).toBeNull();
    expect(readHandoff(crafted({ ...good, slug: '../settings' }))).toBeNull();
    expect(
      readHandoff(crafted({ ...good, payment: { ...good.payment, clientSecret: 'seti_1_secret_2' } })),
    ).toBeNull();
    expect(
      readHandoff(crafted({ ...good, payment: { ...good.payment, publicKey: 'sk_live_oops' } })),
    ).toBeNull();
    expect(
      readHandoff(crafted({ ...good, payment: { ...good.payment, managementToken: 'short' } })),
    ).toBeNull();
    // 'Opnieuw proberen' must stay on this event's booking page, never lead elsewhere.
    expect(
      readHandoff(
        crafted({
          ...good,
          payment: { ...good.payment, pending: { ...good.payment.pending, bookingPath: '//evil.example' } },
        }),
      ),
    ).toBeNull();
    // 'Terug naar de startpagina' likewise: this booking page (or '/' from an older handoff).
    expect(
      readHandoff(
        crafted({
          ...good,
          payment: { ...good.payment, pending: { ...good.payment.pending, startPath: '/x' } },
        }),
      ),
    ).toBeNull();
    // The header's logo is one of ours: a made-up link cannot show another site's image on our page.
    const withLogo = (logoUrl: string | null) =>
      crafted({
        ...good,
        payment: {
          ...good.payment,
          pending: {
            ...good.payment.pending,
            business: { name: 'Salon', logoUrl, publicSlug: 'salon', privacyUrl: null },
          },
        },
      });
    expect(readHandoff(withLogo('https://evil.example/logo.png'))).toBeNull();
    expect(readHandoff(withLogo('/api/public/logos/../../evil'))).toBeNull();
    expect(readHandoff(withLogo(null))).not.toBeNull();
    expect(
      readHandoff(withLogo('/api/public/logos/0b7c6a3e-6f7e-4c1a-9d55-3c2f1a0e9b11?v=1795523407920')),
    ).not.toBeNull();
    expect(readHandoff(crafted(good))).toEqual(good);
  });
});
