import net from 'node:net';
import { resolvePublicAddress } from './public-lookup';

/** The shape of nodemailer's `getSocket` option: a connected socket, or the reason there is none. */
export type GetSocket = (
  options: unknown,
  callback: (err: Error | null, socketOptions?: { connection: net.Socket }) => void,
) => void;

/** What the resolver reports when a name has no address (or no answer in time). */
const DNS_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENODATA', 'ETIMEOUT']);

/** nodemailer's codes for failures while connecting, so a caller tells them apart as it would without this check. */
const withCode = (err: unknown, code: string) =>
  Object.assign(err instanceof Error ? err : new Error(String(err)), { code });

/**
 * nodemailer `getSocket` for an owner's SMTP server. Each time nodemailer connects, the host is
 * resolved and checked (`resolvePublicAddress`: public addresses only), and the TCP connection is
 * opened to that very address, so nothing can resolve differently between the check and the
 * connection (DNS rebinding). nodemailer then speaks SMTP over this socket; TLS (port 465 or
 * STARTTLS) still verifies the certificate against the host's name, which nodemailer keeps as `host`.
 *
 * `resolve` is the check; a test gives its own to reach a server under a name no DNS here knows.
 * Failures carry nodemailer's codes: EDNS (the name does not resolve), ECONNECTION (refused,
 * including an address that is not public: `adres … is niet toegestaan`), ETIMEDOUT.
 */
export function publicSmtpSocket(
  host: string,
  port: number,
  timeoutMs: number,
  resolve: (host: string) => Promise<string> = resolvePublicAddress,
): GetSocket {
  return (_options, callback) => {
    resolve(host).then(
      (address) => {
        const socket = net.connect({ host: address, port });
        let settled = false;
        const fail = (err: Error, code: string) => {
          if (settled) return; // from here on nodemailer owns the socket and its errors
          settled = true;
          socket.destroy();
          callback(withCode(err, code));
        };
        socket.setTimeout(timeoutMs, () =>
          fail(new Error(`geen verbinding met ${host}:${port} binnen ${timeoutMs / 1000} s`), 'ETIMEDOUT'),
        );
        socket.on('error', (err) => fail(err, 'ECONNECTION'));
        socket.once('connect', () => {
          settled = true;
          socket.setTimeout(0);
          callback(null, { connection: socket });
        });
      },
      (err: NodeJS.ErrnoException) =>
        callback(withCode(err, DNS_FAILURES.has(err.code ?? '') ? 'EDNS' : 'ECONNECTION')),
    );
  };
}
