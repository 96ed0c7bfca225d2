import { describe, expect, it } from 'vitest';
import { headlineText, messageText, momentText, providerStatusText, slotText } from './history-text';

describe('momentText', () => {
  it('reads an instant in the owner’s zone, across the change to winter time', () => {
    // 12:05 UTC is 14:05 in Amsterdam in summer (CEST) and 13:05 in winter (CET).
    expect(momentText('2026-07-01T12:05:00.000Z', 'Europe/Amsterdam')).toBe('1 jul. 2026 om 14:05');
    expect(momentText('2026-12-01T12:05:00.000Z', 'Europe/Amsterdam')).toBe('1 dec. 2026 om 13:05');
  });

  it('puts a late evening on the owner’s own date', () => {
    expect(momentText('2026-12-01T23:30:00.000Z', 'Europe/Amsterdam')).toBe('2 dec. 2026 om 00:30');
    expect(momentText('2026-12-01T23:30:00.000Z', 'America/New_York')).toBe('1 dec. 2026 om 18:30');
  });
});

describe('headlineText', () => {
  it('says what happened and who did it', () => {
    expect(headlineText({ kind: 'rescheduled', actor: 'customer' })).toBe('Verplaatst door de klant');
    expect(headlineText({ kind: 'cancelled', actor: 'google' })).toBe('Geannuleerd via Google Agenda');
    expect(headlineText({ kind: 'no_show', actor: 'owner' })).toBe('Als niet verschenen gemarkeerd door u');
    expect(headlineText({ kind: 'cancelled', actor: 'owner', memberName: 'Sanne' })).toBe(
      'Geannuleerd door Sanne',
    );
    // The reader's own change.
    expect(
      headlineText({ kind: 'rescheduled', actor: 'owner', memberName: 'Sanne', memberId: 'm1' }, 'm1'),
    ).toBe('Verplaatst door u');
    expect(
      headlineText({ kind: 'rescheduled', actor: 'owner', memberName: 'Sanne', memberId: 'm1' }, 'm2'),
    ).toBe('Verplaatst door Sanne');
  });
});

describe('slotText', () => {
  const slot = { bookingDate: '2026-12-07', bookingTime: '10:30', agendaName: 'Sanne' };
  it('names the agenda only when the move changed it', () => {
    expect(slotText(slot, false)).toBe('7 dec. 2026 om 10:30');
    expect(slotText(slot, true)).toBe('7 dec. 2026 om 10:30 (Sanne)');
  });
});

describe('messageText', () => {
  it('names channel, kind and recipient', () => {
    expect(messageText({ channel: 'email', kind: 'cancellation', recipient: 'anna@example.nl' })).toBe(
      'E-mail · Annulering aan anna@example.nl',
    );
    expect(messageText({ channel: 'webhook', kind: 'booking_rescheduled', recipient: 'Kassa' })).toBe(
      'Webhook · booking.rescheduled aan Kassa',
    );
    expect(messageText({ channel: 'webhook', kind: 'booking_created', recipient: null })).toBe(
      'Webhook · booking.created',
    );
  });
});

describe('text messages in the history (docs/PRODUCT.md#text-messages)', () => {
  it('names the channel of an SMS or WhatsApp', () => {
    expect(messageText({ channel: 'sms', kind: 'reminder', recipient: '+31612345678' })).toBe(
      'Sms · Herinnering aan +31612345678',
    );
    expect(messageText({ channel: 'whatsapp', kind: 'confirmation', recipient: '+31612345678' })).toBe(
      'WhatsApp · Bevestiging aan +31612345678',
    );
  });

  it("says the provider's last status of a text only", () => {
    expect(providerStatusText({ channel: 'sms', providerStatus: 'delivered' })).toBe('Aanbieder: Afgeleverd');
    expect(providerStatusText({ channel: 'whatsapp', providerStatus: 'undelivered' })).toBe(
      'Aanbieder: Niet afgeleverd',
    );
    expect(providerStatusText({ channel: 'sms', providerStatus: null })).toBeNull();
    expect(providerStatusText({ channel: 'sms' })).toBeNull();
    expect(providerStatusText({ channel: 'email', providerStatus: 'sent' })).toBeNull();
  });
});
