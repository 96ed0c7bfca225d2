import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { insertBooking } from '../../test/fixtures';
import { bookAs, notificationsOf, notifyingEvent } from '../../test/notification-fixtures';
import { createMailingApp, type MailingApp } from '../../test/test-app';
import { bookableDates, daysFromToday } from '../../test/test-today';
import { eventually } from '../../test/wait';
import { usersRepo } from '../users/users.repo';

/**
 * The farewell mails (docs/PRODUCT.md#privacy): cancellations composed when planned, so the customer
 * hears of them after their booking is anonymised or its owner deleted.
 */
describe.each(dbKinds())('farewell cancellation mails on %s', (kind) => {
  let t: MailingApp;
  beforeAll(async () => {
    t = await createMailingApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const mailsTo = (to: string) => t.smtp.received.filter((m) => m.envelope.to.includes(to));
  const ownerRow = async (id: string) => (await usersRepo.findById(t.database.db, id))!;

  it("cancels one customer's future bookings and mails them, composed before their data is gone", async () => {
    const { owner, event } = await notifyingEvent(t, { title: 'Knippen' });
    const [first, second] = bookableDates(event, 2);
    const mine = await bookAs(t, event.id, first!, '10:00', 'Sara Smit', 'sara.smit@example.nl');
    const later = await bookAs(t, event.id, second!, '11:00', 'Sara Smit', 'sara.smit@example.nl');
    const other = await bookAs(t, event.id, first!, '12:00', 'Piet Post', 'piet.farewell@example.nl');
    await insertBooking(t, event.id, daysFromToday(-3), '10:00', { customerName: 'Sara Smit' });
    await eventually(() => mailsTo('sara.smit@example.nl').length === 2); // confirmations

    // Read before the transaction: the embedded database has one connection.
    const row0 = await ownerRow(owner.id);
    const cancelled = await t.database.db.transaction(async (tx) => {
      const rows = await t.app.services.farewell.cancelFuture(tx, row0, {
        customerEmail: ' SARA.smit@example.nl ',
      });
      // What an erasure does next in the same transaction: the address is gone before any job runs.
      await tx
        .update(bookings)
        .set({ customerEmail: null, customerName: 'x' })
        .where(eq(bookings.eventId, event.id));
      return rows;
    });
    expect(cancelled.map((b) => b.id).sort()).toEqual([mine.booking.id, later.booking.id].sort());

    await eventually(() => mailsTo('sara.smit@example.nl').length === 4);
    const farewells = mailsTo('sara.smit@example.nl').slice(2);
    for (const m of farewells) {
      expect(m.mail.subject).toMatch(/geannuleerd/i);
      expect(m.mail.text).toContain('Knippen');
      expect(m.raw).toContain('METHOD:CANCEL');
    }
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, mine.booking.id));
    expect(row!.status).toBe('cancelled');
    // Told by the farewell mail, not by a second one from the outbox.
    expect((await notificationsOf(t, mine.booking.id)).filter((n) => n.kind === 'cancellation')).toEqual([]);
    await eventually(() => mailsTo('piet.farewell@example.nl').length === 1);
    const [untouched] = await t.database.db.select().from(bookings).where(eq(bookings.id, other.booking.id));
    expect(untouched!.status).toBe('confirmed');
  });

  it('still mails the customers when their owner is deleted in the same transaction', async () => {
    const { owner, event } = await notifyingEvent(t, { title: 'Massage' });
    const [date] = bookableDates(event, 1);
    await bookAs(t, event.id, date!, '10:00', 'Kim Kok', 'kim.farewell@example.nl');
    await eventually(() => mailsTo('kim.farewell@example.nl').length === 1);

    const row0 = await ownerRow(owner.id);
    await t.database.db.transaction(async (tx) => {
      await t.app.services.farewell.cancelFuture(tx, row0);
      await tx.delete(users).where(eq(users.id, owner.id));
    });

    await eventually(() => mailsTo('kim.farewell@example.nl').length === 2);
    const farewell = mailsTo('kim.farewell@example.nl')[1]!;
    expect(farewell.mail.subject).toMatch(/geannuleerd/i);
    expect(farewell.mail.text).toContain('Massage');
    // Sent as the system, under the owner's name as it was.
    expect(farewell.mail.from?.value[0]?.address).toBe('noreply@afspraak.test');
  });
});
