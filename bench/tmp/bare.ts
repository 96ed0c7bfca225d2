import { request, customerAddress, ownerWithEvent, amsterdamDay, book } from '../client';
import { percentile } from '../lib';
import { freshDatabase, startServer } from '../server';
async function main() {
  const db = await freshDatabase('embedded');
  const server = await startServer(db, { BENCH_BARE_ROUTE: '1' });
  const base = server.url;
  const { eventId } = await ownerWithEvent(base, { title: 'Yoga', durationMinutes: 60, seats: 20, maxSeatsPerBooking: 4 });
  let c = 0;
  const mode = process.env.PROBE ?? 'bare';
  for (let r = 0; r < 8; r++) {
    const t0 = performance.now();
    const a = await Promise.all(Array.from({ length: 1000 }, () => mode === 'bare' ? request('GET', `${base}/bench/bare?bytes=64`, undefined, { from: customerAddress(c++) }) : book(base, eventId, amsterdamDay(40 + r), '10:00', c++, { seats: 1 })));
    console.log(mode, 'p99', Math.round(percentile(a.map((x) => x.ms), 99)), 'wall', Math.round(performance.now() - t0));
  }
  await server.stop(); await db.drop();
}
void main();
