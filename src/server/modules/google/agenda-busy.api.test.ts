import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { book, createAgenda, createService, slotsOn } from '../../test/agenda-fixtures';
import { dbKinds } from '../../test/databases';
import { owner } from '../../test/fixtures';
import { connect, startGoogleApp, type FakeGoogle } from '../../test/google-app';
import { agent, type TestApp } from '../../test/test-app';
import { nextBookableDate, ownerInstant } from '../../test/test-today';
import { eventually } from '../../test/wait';

/**
 * Google busy times through agendas (docs/PRODUCT.md#agendas): a service's calendar blocks the
 * agendas the service books into; an agenda's own calendar (a stylist's) blocks that agenda for
 * every service.
 */
describe.each(dbKinds())('Google busy times per agenda on %s', (kind) => {
  let t: TestApp;
  let google: FakeGoogle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, google, close } = await startGoogleApp(kind));
  });
  afterAll(() => close());

  it('blocks a stylist’s agenda by her own calendar for every service, the rest by the service’s', async () => {
    const a = await owner(t);
    google.setAccountEmail(`${a.id.slice(0, 8)}@gmail.test`);
    expect(await connect(a, 'google')).toBe('/settings?success=google_connected');
    const calendars = (await a.get('/api/google-calendar/calendars')).json() as Array<{
      id: string;
      summary: string;
    }>;
    const work = calendars.find((c) => c.summary === 'Werk')!.id;
    const [standard] = (await a.get('/api/agendas')).json();
    const mila = await createAgenda(a, 'Mila');
    expect((await a.patch(`/api/agendas/${mila}`, { googleCalendarId: work })).json().googleCalendarId).toBe(
      work,
    );
    // Föhnen: both agendas, bookings to the primary calendar. Kleuren: Mila only.
    const blowDry = await createService(a, 'Föhnen', 30, { agendaIds: [standard.id, mila] });
    const colour = await createService(a, 'Kleuren', 60, { agendaIds: [mila] });
    const date = nextBookableDate(blowDry);
    const at = (time: string) => ownerInstant(date, time).toISOString();
    google.addExternalEvent(work, { summary: 'Mila naar de tandarts', start: at('10:00'), end: at('11:00') });
    google.addExternalEvent('primary', { summary: 'Eigenaar weg', start: at('14:00'), end: at('15:00') });
    await eventually(
      async () => {
        await a.post('/api/google/sync-now', {});
        const slots = await slotsOn(t, blowDry.id, date, mila);
        return slots['10:00'] === true && slots['14:00'] === true;
      },
      15_000,
      'busy times mirrored',
    );

    // Mila's calendar blocks Mila for both services, not the default agenda.
    expect(await slotsOn(t, colour.id, date)).toMatchObject({ '10:00': true, '11:00': false });
    expect(await slotsOn(t, blowDry.id, date)).toMatchObject({ '10:00': false, '10:30': false });
    const noPreference = await book(t, blowDry.id, date, '10:00', 'Sanne');
    expect(noPreference.statusCode).toBe(201);
    expect(noPreference.json().booking.agendaId).toBe(standard.id);
    const withMila = await book(t, blowDry.id, date, '10:30', 'Kees', mila);
    expect(withMila.statusCode).toBe(409);
    expect(withMila.json().message).toBe(nl.booking.slotTaken);

    // Föhnen's own calendar (primary) blocks Föhnen in both its agendas, so it is busy at 14:00;
    // it blocks Mila for Kleuren too, as Föhnen books into her agenda.
    expect(await slotsOn(t, blowDry.id, date)).toMatchObject({ '14:00': true, '14:30': true });
    expect((await book(t, blowDry.id, date, '14:00', 'Piet')).statusCode).toBe(409);
    expect(await slotsOn(t, colour.id, date)).toMatchObject({ '14:00': true });
    const taken = (await agent(t.app).get(`/api/public/events/${blowDry.id}/bookings/${date}`)).json();
    expect(taken.map((r: { bookingTime: string }) => r.bookingTime)).toEqual(
      expect.arrayContaining(['14:00', '14:30']),
    );
  });
});
