import { amsterdamDay, book, ownerWithEvent, request, customerAddress } from '../client';
import { percentile } from '../lib';
import { freshDatabase, startServer } from '../server';

const N = 1000;
async function main() {
  const db = await freshDatabase((process.env.BENCH_ONLY as 'embedded' | 'postgres') ?? 'embedded');
  const server = await startServer(db, { BENCH_BARE_ROUTE: '1' });
  const base = server.url;
  const { eventId } = await ownerWithEvent(base, { title: 'Yoga', durationMinutes: 60, seats: 20, maxSeatsPerBooking: 4 });
  let c = 0;
  const burst = async (label: string, f: (i: number) => Promise<{ status: number; ms: number }>) => {
    const t0 = performance.now();
    const a = await Promise.all(Array.from({ length: N }, (_, i) => f(i)));
    const st: Record<number, number> = {};
    for (const x of a) st[x.status] = (st[x.status] ?? 0) + 1;
    const ms = a.map((x) => x.ms);
    const buckets = Array.from({ length: 10 }, (_, b) => Math.round(Math.max(...ms.slice(b * 100, b * 100 + 100))));
    const slow = a.map((x, i) => [i, x.status, Math.round(x.ms)]).filter((x) => (x[2] as number) > 1000).slice(0, 8);
    console.log('  max per 100 by index', buckets.join(' '), 'slow', JSON.stringify(slow));
    console.log(label, JSON.stringify(st), 'p50', Math.round(percentile(a.map((x) => x.ms), 50)), 'p99', Math.round(percentile(a.map((x) => x.ms), 99)), 'wall', Math.round(performance.now() - t0));
  };
  const bare = () => burst('bare GET', (i) => request('GET', `${base}/bench/bare?bytes=64`, undefined, { from: customerAddress(c++) }));
  const rush = (d: number, t: string) => burst(`rush ${d} ${t}`, () => book(base, eventId, amsterdamDay(d), t, c++, { seats: 1 }));
  const bad = () => burst('400 body', () => request('POST', `${base}/api/public/bookings`, { eventId }, { from: customerAddress(c++) }));
  await rush(300, '10:00');
  await bare(); await bare();
  await bad(); await bad();
  await rush(40, '10:00'); await rush(41, '10:00'); await rush(42, '10:00');
  await rush(40, '10:00');
  await rush(75, '10:00'); await rush(76, '10:00'); await rush(75, '11:00'); await rush(110, '10:00');
  await bare();
  await server.stop();
  await db.drop();
}
void main();
