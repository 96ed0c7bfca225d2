/**
 * nodemailer over the checked socket: SMTP with implicit TLS (465) and with STARTTLS still verifies
 * the server's certificate against the host's name, although the TCP connection goes to the address
 * the check answered. The server is a real smtp-server on loopback with a certificate for
 * smtp.salon.test; the resolver given here stands in for DNS, which has no such name.
 */
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTP_TLS_CERT, SMTP_TLS_KEY, SMTP_TLS_NAME } from '../../test/smtp-tls';
import { publicSmtpSocket } from './public-smtp-socket';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function tlsServer(secure: boolean) {
  const subjects: string[] = [];
  const server = new SMTPServer({
    secure,
    key: SMTP_TLS_KEY,
    cert: SMTP_TLS_CERT,
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        subjects.push(/^Subject: (.*)$/m.exec(raw)?.[1] ?? '');
        cb();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as { port: number }).port, subjects };
}

/** A transport as the mailer builds it, with the checked socket answering 127.0.0.1 for `host`. */
function transport(host: string, port: number, secure: boolean) {
  return nodemailer.createTransport({
    host,
    port,
    secure,
    requireTLS: !secure,
    tls: { ca: [SMTP_TLS_CERT] },
    connectionTimeout: 5000,
    getSocket: publicSmtpSocket(host, port, 5000, async () => '127.0.0.1'),
  });
}

const mail = (subject: string) => ({
  from: 'salon@example.nl',
  to: 'klant@example.nl',
  subject,
  text: 'Hallo',
});

describe.each([
  ['implicit TLS (465)', true],
  ['STARTTLS (587)', false],
])('nodemailer over the checked socket, %s', (_label, secure) => {
  it('delivers, the certificate checked against the host name', async () => {
    const server = await tlsServer(secure);
    const info = await transport(SMTP_TLS_NAME, server.port, secure).sendMail(
      mail('Via het gecontroleerde adres'),
    );
    expect(info.accepted).toEqual(['klant@example.nl']);
    expect(server.subjects).toEqual(['Via het gecontroleerde adres']);
  });

  it('refuses a certificate that is not for the host name (the IP it connected to does not count)', async () => {
    const server = await tlsServer(secure);
    await expect(
      transport('other.salon.test', server.port, secure).sendMail(mail('Mag niet aankomen')),
    ).rejects.toThrow(/altnames|Hostname\/IP does not match/i);
    expect(server.subjects).toEqual([]);
  });
});
