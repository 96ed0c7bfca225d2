import { amsterdamDay, book, ownerWithEvent } from '../client';
import { freshDatabase, startServer } from '../server';
async function main() {
  const db = await freshDatabase('embedded');
  const server = await startServer(db, {});
  const base = server.url;
  const { eventId } = await ownerWithEvent(base, { title: 'Yoga', durationMinutes: 60, seats: 20, maxSeatsPerBooking: 4 });
  let c = 0; const t0 = performance.now();
  for (let d = 0; d < 40; d++) for (let i = 0; i < 20; i++) await book(base, eventId, amsterdamDay(40 + d), '10:00', c++, { seats: 1 });
  console.log('per success ms', ((performance.now() - t0) / 800).toFixed(2));
  await server.stop(); await db.drop();
}
void main();
