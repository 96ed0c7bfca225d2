import { amsterdamDay, book, ownerWithEvent } from '../client';
import { freshDatabase, startServer } from '../server';
async function main() {
  const db = await freshDatabase('postgres');
  const server = await startServer(db, {});
  const base = server.url;
  const { eventId } = await ownerWithEvent(base, { title: 'Yoga', durationMinutes: 60, seats: 2, maxSeatsPerBooking: 1 });
  await book(base, eventId, amsterdamDay(40), '10:00', 1, { seats: 1 });
  await new Promise((r) => setTimeout(r, 1500));
  console.log('MARK-SUCCESS');
  await fetch('http://127.0.0.1:1/').catch(() => {});
  const a = await book(base, eventId, amsterdamDay(40), '10:00', 2, { seats: 1 });
  await new Promise((r) => setTimeout(r, 1500));
  console.log(a.status, 'MARK-REFUSE');
  const b = await book(base, eventId, amsterdamDay(40), '10:00', 3, { seats: 1 });
  console.log(b.status);
  await new Promise((r) => setTimeout(r, 1500));
  await server.stop(); await db.drop();
}
void main();
