import { amsterdamDay, book, ownerWithEvent, request, customerAddress } from '../client';
import { percentile } from '../lib';
import { freshDatabase, startServer } from '../server';

async function main() {
  const db = await freshDatabase((process.env.BENCH_ONLY as 'embedded' | 'postgres') ?? 'embedded');
  const server = await startServer(db, { BENCH_BARE_ROUTE: '1' });
  const base = server.url;
  const { eventId } = await ownerWithEvent(base, { title: 'Yoga', durationMinutes: 60, seats: 20, maxSeatsPerBooking: 4 });
  let c = 0;
  const seq = async (label: string, n: number, f: () => Promise<{ status: number; ms: number }>) => {
    const a = [];
    for (let i = 0; i < n; i++) a.push(await f());
    const st: Record<number, number> = {};
    for (const x of a) st[x.status] = (st[x.status] ?? 0) + 1;
    console.log(label, JSON.stringify(st), 'p50', percentile(a.map((x) => x.ms), 50).toFixed(2), 'mean', (a.reduce((s, x) => s + x.ms, 0) / n).toFixed(2));
  };
  for (let round = 0; round < 3; round++) {
    await seq('bare', 200, () => request('GET', `${base}/bench/bare?bytes=64`, undefined, { from: customerAddress(c++) }));
    await seq('400', 200, () => request('POST', `${base}/api/public/bookings`, { eventId }, { from: customerAddress(c++) }));
    await seq('201 class', 20, () => book(base, eventId, amsterdamDay(40 + round), '10:00', c++, { seats: 1 }));
    await seq('409 full', 200, () => book(base, eventId, amsterdamDay(40 + round), '10:00', c++, { seats: 1 }));
    await seq('201 class 11', 20, () => book(base, eventId, amsterdamDay(40 + round), '11:00', c++, { seats: 1 }));
  }
  await server.stop();
  await db.drop();
}
void main();
