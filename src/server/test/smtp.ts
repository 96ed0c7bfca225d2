import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
  raw: string;
  /** When the message was fully received (epoch ms), for delivery-lag measurements. */
  at: number;
}

/**
 * A real SMTP server on loopback that keeps what it receives (for mail tests). `port` lets a test
 * bring a server back on the address the app already uses (an outage that ends).
 */
export async function startSmtp(opts: { user?: string; pass?: string; port?: number } = {}) {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: opts.user ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
    authOptional: !opts.user,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const at = Date.now();
        received.push({
          at,
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          mail: await simpleParser(raw),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** TCP connections accepted so far: 0 proves the app never even connected. */
    get connections() {
      return connections;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * The calendar invitation a mail carries (its text/calendar attachment, else a calendar inline in the
 * raw message), with folded lines joined, so a test can look for a whole property; '' without one.
 */
export function invitationOf(m: ReceivedMail): string {
  const part = m.mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  const text = part
    ? part.content.toString('utf8')
    : (/BEGIN:VCALENDAR[\s\S]*END:VCALENDAR/.exec(m.raw)?.[0] ?? '');
  return text.replace(/\r\n /g, '');
}
