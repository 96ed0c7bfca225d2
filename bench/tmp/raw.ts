import net from 'node:net';
import { request, customerAddress, ownerWithEvent, amsterdamDay } from '../client';
import { percentile } from '../lib';
import { freshDatabase, startServer } from '../server';

function raw(port: number, from: string, method: string, path: string, body?: unknown): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\nConnection: close\r\n` +
    (payload ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` : '') + '\r\n';
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: from }, () => s.write(head + payload));
    let first = '';
    s.on('data', (c) => { if (first.length < 16) first += c.toString('latin1', 0, 16); });
    s.on('error', reject);
    s.on('close', () => resolve({ status: Number(first.slice(9, 12)), ms: performance.now() - start }));
  });
}
async function main() {
  const db = await freshDatabase('embedded');
  const server = await startServer(db, { BENCH_BARE_ROUTE: '1' });
  const base = server.url; const port = Number(new URL(base).port);
  const { eventId } = await ownerWithEvent(base, { title: 'Yoga', durationMinutes: 60, seats: 20, maxSeatsPerBooking: 4 });
  let c = 0;
  const body = (n: number, d: number) => ({ eventId, bookingDate: amsterdamDay(d), bookingTime: '10:00', customFieldResponses: { Naam: `Klant ${n}`, 'E-mail': `klant${n}@example.nl` }, seats: 1 });
  const run = async (label: string, f: () => Promise<{ status: number; ms: number }>) => {
    const t0 = performance.now();
    const a = await Promise.all(Array.from({ length: 1000 }, f));
    const st: Record<number, number> = {}; for (const x of a) st[x.status] = (st[x.status] ?? 0) + 1;
    console.log(label, JSON.stringify(st), 'p99', Math.round(percentile(a.map((x) => x.ms), 99)), 'wall', Math.round(performance.now() - t0));
  };
  for (let r = 0; r < 4; r++) {
    await run('http bare', () => request('GET', `${base}/bench/bare?bytes=64`, undefined, { from: customerAddress(c++) }));
    await run('raw  bare', () => raw(port, customerAddress(c++), 'GET', '/bench/bare?bytes=64'));
    await run('raw  rush', () => { const n = c++; return raw(port, customerAddress(n), 'POST', '/api/public/bookings', body(n, 40 + r)); });
  }
  await server.stop(); await db.drop();
}
void main();
