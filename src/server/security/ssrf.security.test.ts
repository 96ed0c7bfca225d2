/**
 * Webhook SSRF (issue 9): a webhook URL is chosen by an owner, i.e. by anyone who signs up, so it
 * must never make the server talk to its own network. Every target of the list is either
 * refused when saved (a Dutch 4xx) or refused at delivery (the delivery row fails with a clear
 * reason). "No connection was made" is proven with a real TCP listener on loopback that counts
 * every connection it accepts, and the loopback-style targets all point at its port.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds, type DbKind } from '../test/databases';
import { bookAs, notificationsOf, notifyingEvent } from '../test/notification-fixtures';
import { createTestApp, FAST_JOBS, type TestApp } from '../test/test-app';
import { nextBookableDate } from '../test/test-today';
import { eventually } from '../test/wait';
import { startReceiver } from '../test/webhook-receiver';

/** A TCP listener on loopback (IPv4 and, where the host has it, IPv6) that only counts connections. */
async function startTrap() {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const onConnection = (socket: net.Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
  };
  const v4 = net.createServer(onConnection);
  await new Promise<void>((resolve) => v4.listen(0, '127.0.0.1', resolve));
  const port = (v4.address() as net.AddressInfo).port;
  // ::1 and :: on the same port; some sandboxes have no IPv6 loopback, which is then unreachable anyway.
  const v6 = net.createServer(onConnection);
  const hasV6 = await new Promise<boolean>((resolve) => {
    v6.once('error', () => resolve(false));
    v6.listen({ port, host: '::1', ipv6Only: true }, () => resolve(true));
  });
  return {
    port,
    hasV6,
    get connections() {
      return connections;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => v4.close(() => resolve()));
      if (hasV6) await new Promise<void>((resolve) => v6.close(() => resolve()));
    },
  };
}
type Trap = Awaited<ReturnType<typeof startTrap>>;

/**
 * The list plus the other spellings of "this machine" and private networks that URL
 * parsing turns into a loopback address: decimal, octal and hex IPv4, short forms, IPv4-mapped
 * IPv6, the unspecified addresses (which Linux connects to the local host) and a name that
 * resolves to loopback.
 */
const targets = (port: number): Array<[string, string]> => [
  ['IPv4 loopback', `http://127.0.0.1:${port}/hook`],
  ['IPv6 loopback', `http://[::1]:${port}/hook`],
  ['IPv6 loopback, long form', `http://[0:0:0:0:0:0:0:1]:${port}/hook`],
  ['cloud metadata (link-local)', 'http://169.254.169.254/hook'],
  ['cloud metadata, latest API path', 'http://169.254.169.254/latest/meta-data/'],
  ['RFC 1918 10/8', 'http://10.0.0.1/hook'],
  ['RFC 1918 172.16/12', 'http://172.16.0.1/hook'],
  ['RFC 1918 192.168/16', 'http://192.168.1.1/hook'],
  ['carrier-grade NAT', 'http://100.64.0.1/hook'],
  ['decimal IPv4 (2130706433)', `http://2130706433:${port}/hook`],
  ['IPv4-mapped IPv6', `http://[::ffff:127.0.0.1]:${port}/hook`],
  ['IPv4-mapped IPv6, hex form', `http://[::ffff:7f00:1]:${port}/hook`],
  ['IPv4-mapped metadata address', 'http://[::ffff:169.254.169.254]/hook'],
  ['hex IPv4 (0x7f.0.0.1)', `http://0x7f.0.0.1:${port}/hook`],
  ['octal IPv4 (0177.0.0.1)', `http://0177.0.0.1:${port}/hook`],
  ['zero-padded IPv4 (127.000.000.001)', `http://127.000.000.001:${port}/hook`],
  ['short IPv4 (127.1)', `http://127.1:${port}/hook`],
  ['0.0.0.0', `http://0.0.0.0:${port}/hook`],
  ['0 (= 0.0.0.0)', `http://0:${port}/hook`],
  ['IPv6 unspecified [::]', `http://[::]:${port}/hook`],
  ['a name resolving to loopback (localhost)', `http://localhost:${port}/hook`],
  ['https to loopback', `https://127.0.0.1:${port}/hook`],
  // Issue 14: IPv6 forms that carry a private IPv4 address.
  ['IPv4-compatible IPv6 ([::127.0.0.1])', `http://[::127.0.0.1]:${port}/hook`],
  ['IPv4-compatible private ([::10.0.0.1])', 'http://[::10.0.0.1]/hook'],
  ['NAT64 of loopback ([64:ff9b::127.0.0.1])', `http://[64:ff9b::127.0.0.1]:${port}/hook`],
  ['NAT64 of metadata', 'http://[64:ff9b::169.254.169.254]/hook'],
  ['local-use NAT64 (64:ff9b:1::/48)', 'http://[64:ff9b:1::a00:1]/hook'],
  ['6to4 of loopback', `http://[2002:7f00:1::1]:${port}/hook`],
  ['AWS metadata over IPv6 (fd00:ec2::254)', 'http://[fd00:ec2::254]/hook'],
  ['IPv6 link-local', 'http://[fe80::1]/hook'],
  ['hex short IPv4 (0x7f.1)', `http://0x7f.1:${port}/hook`],
  ['documentation range (192.0.2.1)', 'http://192.0.2.1/hook'],
  ['broadcast', 'http://255.255.255.255/hook'],
  ['multicast', 'http://224.0.0.1/hook'],
];

/** Targets that are not a web address at all: refused when saved. */
const notHttp = [
  'file:///etc/passwd',
  'file://localhost/etc/passwd',
  'ftp://127.0.0.1/hook',
  'gopher://127.0.0.1:6379/_INFO',
  'dict://127.0.0.1:11211/stat',
  'javascript:alert(1)',
  'data:text/plain,hallo',
  'http://user:pass@127.0.0.1/hook',
  '//127.0.0.1/hook',
  '127.0.0.1',
];

/**
 * `createTestApp` with workers, but every webhook delivery gets one attempt, which is its last:
 * the queue runs one job at a time, and the retries of twenty refused targets would take minutes
 * to drain. The delivery path is the production one; only the retry count differs.
 */
function appWithOneAttempt(kind: DbKind, env: Record<string, string>): Promise<TestApp> {
  const jobOptions = {
    ...FAST_JOBS,
    retry: { ...FAST_JOBS.retry, webhook: { retryLimit: 0, retryDelay: 1 } },
  };
  return createTestApp(kind, { env, workers: true, jobOptions });
}

/** Webhook rows of a booking once each has settled (sent or failed), else undefined. */
async function settledWebhookRows(t: TestApp, bookingId: string, count: number) {
  const rows = (await notificationsOf(t, bookingId)).filter((r) => r.channel === 'webhook');
  return rows.length === count && rows.every((r) => r.status !== 'pending') ? rows : undefined;
}

describe.each(dbKinds())('webhook SSRF on %s (WEBHOOK_ALLOW_PRIVATE=0)', (kind) => {
  let t: TestApp;
  let trap: Trap;
  beforeAll(async () => {
    trap = await startTrap();
    t = await appWithOneAttempt(kind, { WEBHOOK_ALLOW_PRIVATE: '0' });
  });
  afterAll(async () => {
    await t?.close();
    await trap?.stop();
  });

  it('refuses non-http targets and URLs with credentials when saved or changed, with a Dutch message', async () => {
    const { owner, event } = await notifyingEvent(t);
    for (const url of notHttp) {
      const res = await owner.post(`/api/events/${event.id}/webhooks`, { name: 'Lek', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(nl.eventRules.webhookUrlInvalid);
    }
    const ok = await owner.post(`/api/events/${event.id}/webhooks`, {
      name: 'CRM',
      url: 'https://crm.example.nl/hook',
    });
    expect(ok.statusCode).toBe(201);
    for (const url of notHttp) {
      const res = await owner.patch(`/api/webhooks/${ok.json().id}`, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(nl.eventRules.webhookUrlInvalid);
    }
    const stored = (await owner.get(`/api/events/${event.id}/webhooks`)).json() as Array<{ url: string }>;
    expect(stored.map((w) => w.url)).toEqual(['https://crm.example.nl/hook']);
  });

  it(
    'refuses every private, loopback and metadata target at delivery: the row fails with the reason, nothing connects',
    { timeout: 60_000 },
    async () => {
      const list = targets(trap.port).filter(([, url]) => trap.hasV6 || !url.includes('[::1]'));
      const { owner, event } = await notifyingEvent(t);
      const hookIds = new Map<string, string>();
      for (const [label, url] of list) {
        const res = await owner.post(`/api/events/${event.id}/webhooks`, { name: label.slice(0, 100), url });
        // Saving may refuse them too; what must never happen is a delivery.
        if (res.statusCode === 201) hookIds.set(res.json().id as string, url);
        else {
          expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, url).toBeLessThan(500);
        }
      }
      const created = await bookAs(t, event.id, nextBookableDate(event), '10:00');

      const rows = await eventually(
        () => settledWebhookRows(t, created.booking.id, hookIds.size),
        45_000,
        'every webhook delivery to settle',
      );
      for (const row of rows) {
        const url = hookIds.get(row.webhookId!)!;
        expect(row.status, url).toBe('failed');
        expect(row.attempts, url).toBe(1);
        expect(row.responseStatus, url).toBeNull();
        // The guard's own reason, not a connection error from trying.
        expect(row.lastError, url).toMatch(/^adres \S+ is niet toegestaan$/);
      }
      expect(trap.connections).toBe(0);

      // The owner sees why, per webhook.
      for (const [id, url] of hookIds) {
        const deliveries = (await owner.get(`/api/webhooks/${id}/deliveries`)).json() as Array<{
          status: string;
          lastError: string | null;
        }>;
        expect(deliveries, url).toEqual([
          expect.objectContaining({ status: 'failed', lastError: expect.stringMatching(/niet toegestaan/) }),
        ]);
      }
    },
  );

  it('also refuses a target the owner changes to a private address after saving a public one', async () => {
    const { owner, event } = await notifyingEvent(t);
    const hook = (
      await owner.post(`/api/events/${event.id}/webhooks`, {
        name: 'CRM',
        url: 'https://crm.example.nl/hook',
      })
    ).json() as { id: string };
    const moved = await owner.patch(`/api/webhooks/${hook.id}`, {
      url: `http://[::ffff:7f00:1]:${trap.port}/hook`,
    });
    expect(moved.statusCode).toBe(200);
    const created = await bookAs(t, event.id, nextBookableDate(event), '10:00');
    const [row] = await eventually(
      () => settledWebhookRows(t, created.booking.id, 1),
      15_000,
      'the delivery to settle',
    );
    expect(row!.status).toBe('failed');
    expect(row!.lastError).toMatch(/niet toegestaan/);
    expect(trap.connections).toBe(0);
  });
});

describe.each(dbKinds())(
  'webhook targets on %s with WEBHOOK_ALLOW_PRIVATE=1 (loopback receivers)',
  (kind) => {
    let t: TestApp;
    const stops: Array<() => Promise<void>> = [];
    beforeAll(async () => {
      t = await appWithOneAttempt(kind, { WEBHOOK_ALLOW_PRIVATE: '1' });
    });
    afterEach(async () => {
      while (stops.length) await stops.pop()!();
    });
    afterAll(() => t?.close());

    it(
      'never follows a redirect (302, 303, 307, 308) to another address, and a redirect is not a delivery',
      { timeout: 45_000 },
      async () => {
        // The second listener is where a followed redirect would land (e.g. the metadata service).
        const inner = await startReceiver([{ status: 200 }]);
        stops.push(inner.stop);
        const innerTrap = await startTrap();
        stops.push(innerTrap.stop);
        const { owner, event } = await notifyingEvent(t);
        const redirectors: Array<{ status: number; url: string; received: unknown[] }> = [];
        for (const [status, location] of [
          [302, `${inner.url}?via=302`],
          [303, `${inner.url}?via=303`],
          [307, `http://127.0.0.1:${innerTrap.port}/latest/meta-data/`],
          [308, 'file:///etc/passwd'],
        ] as const) {
          const r = await startReceiver([{ status, headers: { location } }]);
          stops.push(r.stop);
          redirectors.push({ status, url: r.url, received: r.received });
        }
        for (const r of redirectors)
          expect(
            (await owner.post(`/api/events/${event.id}/webhooks`, { name: `R${r.status}`, url: r.url }))
              .statusCode,
          ).toBe(201);

        const created = await bookAs(t, event.id, nextBookableDate(event), '11:00');
        const rows = await eventually(
          () => settledWebhookRows(t, created.booking.id, redirectors.length),
          30_000,
          'every redirected delivery to settle',
        );
        // A redirect is not a delivery: the (only) attempt fails, it is never 'sent'.
        for (const row of rows) expect(row.status).toBe('failed');
        expect(rows.map((r) => r.responseStatus).sort()).toEqual([302, 303, 307, 308]);
        for (const row of rows) expect(row.lastError).toMatch(/^HTTP 30[2378]$/);
        // Each redirector was asked once per attempt; the places they pointed to never were.
        for (const r of redirectors) expect(r.received.length).toBeGreaterThanOrEqual(1);
        expect(inner.received).toHaveLength(0);
        expect(innerTrap.connections).toBe(0);
      },
    );

    it('control: with private targets allowed, the loopback spellings above do reach the trap (so "0 connections" means refused)', async () => {
      const trap = await startTrap();
      stops.push(trap.stop);
      const spellings = [
        `http://127.0.0.1:${trap.port}/hook`,
        `http://2130706433:${trap.port}/hook`,
        `http://0x7f.0.0.1:${trap.port}/hook`,
        `http://[::ffff:127.0.0.1]:${trap.port}/hook`,
        `http://localhost:${trap.port}/hook`,
        ...(trap.hasV6 ? [`http://[::1]:${trap.port}/hook`] : []),
      ];
      const { owner, event } = await notifyingEvent(t);
      for (const url of spellings)
        expect(
          (await owner.post(`/api/events/${event.id}/webhooks`, { name: 'Lokaal', url })).statusCode,
        ).toBe(201);
      const created = await bookAs(t, event.id, nextBookableDate(event), '12:00');
      await eventually(
        () => settledWebhookRows(t, created.booking.id, spellings.length),
        30_000,
        'every delivery to settle',
      );
      expect(trap.connections).toBe(spellings.length);
    });
  },
);
