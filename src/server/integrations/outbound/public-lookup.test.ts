import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isNonPublicHost,
  OutboundRefusedError,
  publicOnlyLookup,
  resolvePublicAddress,
} from './public-lookup';
import { publicSmtpSocket } from './public-smtp-socket';

/** A loopback listener that counts connections, to prove a refused target was never reached. */
let trap: net.Server;
let port = 0;
let connections = 0;
beforeAll(async () => {
  trap = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  port = (trap.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => trap.close(() => resolve())));

describe('resolvePublicAddress', () => {
  it.each([
    '127.0.0.1',
    'localhost',
    '127.1',
    '0x7f.1',
    '2130706433',
    '[::1]',
    '[::127.0.0.1]',
    '[::ffff:127.0.0.1]',
    '[64:ff9b::7f00:1]',
    '10.0.0.5',
    '169.254.169.254',
    '[fd00:ec2::254]',
    '0.0.0.0',
    '0',
  ])('refuses %s, naming the address', async (host) => {
    const refusal = resolvePublicAddress(host);
    await expect(refusal).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(refusal).rejects.toThrow(/^adres \S+ is niet toegestaan$/);
  });

  it('answers a public literal as it is, without DNS', async () => {
    expect(await resolvePublicAddress('8.8.8.8')).toBe('8.8.8.8');
    expect(await resolvePublicAddress('[2606:4700:4700::1111]')).toBe('2606:4700:4700::1111');
  });

  it('lets a DNS failure through as the resolver reports it', async () => {
    await expect(resolvePublicAddress('bestaat-niet.invalid')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('isNonPublicHost (save-time check)', () => {
  it('is true for names and literals of non-public addresses, false for public literals and names that do not resolve', async () => {
    expect(await isNonPublicHost('localhost')).toBe(true);
    expect(await isNonPublicHost('0x7f.1')).toBe(true);
    expect(await isNonPublicHost('[::ffff:10.0.0.1]')).toBe(true);
    expect(await isNonPublicHost('93.184.216.34')).toBe(false);
    expect(await isNonPublicHost('bestaat-niet.invalid')).toBe(false);
  });
});

describe('publicOnlyLookup (webhooks)', () => {
  it('refuses a name resolving to loopback when the socket connects; nothing reaches the listener', async () => {
    const before = connections;
    const err = await new Promise<Error>((resolve) => {
      http
        .get({ host: 'localhost', port, lookup: publicOnlyLookup }, () => resolve(new Error('answered')))
        .on('error', resolve);
    });
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect(err.message).toBe('adres 127.0.0.1 is niet toegestaan');
    expect(connections).toBe(before);
  });
});

describe('publicSmtpSocket (owner SMTP)', () => {
  const socketFor = (host: string) =>
    new Promise<{ err: (Error & { code?: string }) | null; socket?: net.Socket }>((resolve) =>
      publicSmtpSocket(host, port, 2000)(null, (err, opts) => resolve({ err, socket: opts?.connection })),
    );

  it('refuses loopback names and spellings with ECONNECTION before any connection is made', async () => {
    const before = connections;
    for (const host of ['localhost', '127.0.0.1', '[::127.0.0.1]', '0x7f.1']) {
      const { err, socket } = await socketFor(host);
      expect(socket, host).toBeUndefined();
      expect(err, host).toBeInstanceOf(OutboundRefusedError);
      expect(err!.code, host).toBe('ECONNECTION');
    }
    expect(connections).toBe(before);
  });

  it('reports a name that does not resolve as nodemailer would (EDNS)', async () => {
    const { err } = await socketFor('bestaat-niet.invalid');
    expect(err!.code).toBe('EDNS');
  });
});
