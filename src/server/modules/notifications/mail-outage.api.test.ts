import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { MAIL_WAIT_DAYS, type MailStatusDto } from '@contracts/notifications';
import { notifications } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { connect, startGoogleApp } from '../../test/google-app';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { bookableDates, testNow } from '../../test/test-today';
import { eventually, freePort } from '../../test/wait';
import { WARN_GRACE_MS } from './mail-health';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OWN_LOGIN = { user: 'salon@example.nl', pass: 'smtp-geheim' };

/**
 * The owner's own mail connection breaks (their SMTP server refuses the login or is gone, Google
 * refuses the Gmail grant): customer mail waits instead of being dropped, the owner is told in the
 * app and once by e-mail through the system provider, and the repair sends every waiting mail once.
 */
describe.each(dbKinds())('mail while the owner’s connection is broken on %s', (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  async function smtp(opts: Parameters<typeof startSmtp>[0] = {}) {
    const server = await startSmtp(opts);
    cleanup.push(() => server.stop());
    return server;
  }
  const status = async (a: Agent) => {
    const res = await a.get('/api/email-status');
    expect(res.statusCode).toBe(200);
    return res.json() as MailStatusDto;
  };
  const warnings = (system: TestSmtp) =>
    system.received.filter((m) => m.mail.subject === nl.mailHealth.mailSubject);
  const to = (server: TestSmtp, address: string) =>
    server.received.filter((m) => m.envelope.to.includes(address));
  /** The mails sent at once (reminders and follow-ups are due later). */
  const immediate = async (t: TestApp, ownerId: string) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.ownerId, ownerId))).filter(
      (r) => r.kind === 'confirmation' || r.kind === 'owner_notice',
    );
  const settle = () => new Promise((r) => setTimeout(r, 2500)); // time for any repeat to show up

  /**
   * An app with workers whose system mail goes to `system`, on a clock the test moves by hand
   * (`advance`), so warnings and give-ups that take minutes or days are seen at once.
   */
  async function appOnHandClock(system: TestSmtp) {
    let now = testNow().getTime();
    const t = await createTestApp(kind, {
      workers: true,
      now: () => new Date(now),
      env: { SMTP_URL: system.url, OUTBOUND_ALLOW_PRIVATE: '1' },
    });
    cleanup.push(() => t.close());
    return { t, advance: (ms: number) => void (now += ms) };
  }

  it('SMTP refuses the login: mails wait, the owner is warned once, saving the right password sends each once', async () => {
    const system = await smtp();
    const own = await smtp(OWN_LOGIN);
    const t = await createTestApp(kind, {
      workers: true,
      env: { SMTP_URL: system.url, OUTBOUND_ALLOW_PRIVATE: '1' },
    });
    cleanup.push(() => t.close());
    const { owner, event } = await notifyingEvent(t);
    const ownerEmail = `${(await owner.get('/api/user')).json().username}@example.nl`;
    const smtpSettings = (password: string) => ({
      provider: 'smtp',
      smtp: { host: '127.0.0.1', port: own.port, username: OWN_LOGIN.user, password, secure: false },
    });
    expect((await owner.post('/api/email-settings', smtpSettings('verouderd'))).statusCode).toBe(200);

    const [day] = bookableDates(event, 1);
    const customers = ['wacht1@example.nl', 'wacht2@example.nl'];
    for (const [i, email] of customers.entries())
      await bookAs(t, event.id, day!, `1${i}:00`, `Klant ${i + 1}`, email);
    // Each booking: the customer's confirmation and the owner's notice, all through the owner's server.
    await eventually(async () => (await status(owner)).waiting === 4, 15_000, 'four waiting mails');
    const waiting = await status(owner);
    expect(waiting).toMatchObject({ broken: { reason: 'smtp_auth' }, failed: [] });
    expect(
      (await immediate(t, owner.id)).every((r) => r.status === 'pending' && r.heldAt && r.attempts <= 1),
    ).toBe(true);

    const [warning] = await eventually(
      () => (warnings(system).length ? warnings(system) : undefined),
      10_000,
      'the warning',
    );
    expect(warning!.envelope.to).toEqual([ownerEmail]);
    expect(warning!.mail.text).toContain(
      `Uw e-mailkoppeling werkt niet meer: ${nl.mailHealth.reasons.smtp_auth}.`,
    );
    expect(warning!.mail.text).toContain(nl.mailHealth.advice.smtp_auth);
    expect(warning!.mail.text).toContain(`${t.config.appUrl}/settings`);

    // More mail while broken waits without trying; the owner is not warned again.
    await bookAs(t, event.id, day!, '12:00', 'Klant 3', 'wacht3@example.nl');
    await eventually(async () => (await status(owner)).waiting === 6, 15_000, 'six waiting mails');
    await t.app.services.mailHealth.maintain();
    await settle();
    expect(warnings(system)).toHaveLength(1);
    expect(own.received).toHaveLength(0);

    // The repair: every waiting mail goes out once, through the owner's own server.
    expect((await owner.post('/api/email-settings', smtpSettings(OWN_LOGIN.pass))).statusCode).toBe(200);
    await eventually(() => own.received.length >= 6, 20_000, 'the waiting mails');
    await settle();
    for (const email of [...customers, 'wacht3@example.nl']) expect(to(own, email)).toHaveLength(1);
    expect(to(own, ownerEmail)).toHaveLength(3);
    expect(new Set(own.received.map((m) => m.mail.messageId)).size).toBe(6);
    expect((await immediate(t, owner.id)).map((r) => r.status)).toEqual(Array(6).fill('sent'));
    expect(await status(owner)).toEqual({ broken: null, waiting: 0, failed: [] });
    expect(warnings(system)).toHaveLength(1);
  });

  it('Gmail’s grant is refused (invalid_grant): mails wait, one warning, reconnecting sends each once', async () => {
    const system = await smtp();
    const { t, google, close } = await startGoogleApp(kind, { SMTP_URL: system.url });
    cleanup.push(close);
    const { owner, event } = await notifyingEvent(t);
    google.setAccountEmail('salon.uitval@gmail.test');
    expect(await connect(owner, 'gmail')).toBe('/settings?success=gmail_connected');
    expect((await owner.post('/api/email-settings', { provider: 'gmail' })).statusCode).toBe(200);
    google.revokeAll(); // the owner removed the app's access in their Google account

    const [day] = bookableDates(event, 1);
    await bookAs(t, event.id, day!, '10:00', 'Gijs', 'gijs.uitval@example.nl');
    await eventually(async () => (await status(owner)).waiting === 2, 15_000, 'two waiting mails');
    expect((await status(owner)).broken).toMatchObject({ reason: 'gmail_auth' });
    expect((await owner.get('/api/email-settings')).json()).toMatchObject({ gmailBroken: true });
    const [warning] = await eventually(
      () => (warnings(system).length ? warnings(system) : undefined),
      10_000,
      'the warning',
    );
    expect(warning!.mail.text).toContain(
      `Uw e-mailkoppeling werkt niet meer: ${nl.mailHealth.reasons.gmail_auth}.`,
    );
    expect(google.sentMail()).toHaveLength(0);

    expect(await connect(owner, 'gmail')).toBe('/settings?success=gmail_connected');
    await eventually(() => google.sentMail().length >= 2, 20_000, 'the waiting mails through Gmail');
    await settle();
    expect(google.sentMail().filter((m) => m.headers.to?.includes('gijs.uitval@example.nl'))).toHaveLength(1);
    expect(google.sentMail()).toHaveLength(2);
    expect(await status(owner)).toEqual({ broken: null, waiting: 0, failed: [] });
    expect(warnings(system)).toHaveLength(1);
  });

  it('an unreachable server: warned after the grace period, again at most daily, sent once it is back', async () => {
    const system = await smtp();
    const { t, advance } = await appOnHandClock(system);
    const { mailHealth } = t.app.services;
    const port = await freePort(); // nothing listens there yet
    const { owner, event } = await notifyingEvent(t);
    await owner.post('/api/email-settings', {
      provider: 'smtp',
      smtp: { host: '127.0.0.1', port, username: '', password: '', secure: false },
    });
    const [day] = bookableDates(event, 1);
    await bookAs(t, event.id, day!, '10:00', 'Els', 'els.weg@example.nl');
    await eventually(async () => (await status(owner)).waiting === 2, 15_000, 'two waiting mails');
    expect((await status(owner)).broken).toMatchObject({ reason: 'smtp_unreachable' });
    // Both mails go out at once: the first to fail marks the connection broken, and one that
    // starts after that is held without a try (no error of its own), so only the tried ones
    // carry the connect error.
    const lastErrors = (await immediate(t, owner.id)).map((r) => r.lastError);
    const tried = lastErrors.filter((e) => e !== null);
    expect(tried.length).toBeGreaterThanOrEqual(1);
    for (const e of tried) expect(e).toMatch(/ECONNREFUSED|connect/i);

    // Perhaps a restart of the owner's server: no e-mail yet. One probe a run, still failing.
    await mailHealth.maintain();
    await eventually(async () => (await status(owner)).waiting === 2, 10_000, 'the probe back in waiting');
    expect(warnings(system)).toHaveLength(0);
    advance(WARN_GRACE_MS + MINUTE);
    await mailHealth.maintain();
    await eventually(() => warnings(system).length === 1, 10_000, 'the warning after the grace period');
    expect(warnings(system)[0]!.mail.text).toContain(nl.mailHealth.reasons.smtp_unreachable);
    await mailHealth.maintain();
    advance(DAY - 2 * MINUTE);
    await mailHealth.maintain();
    await eventually(async () => (await status(owner)).waiting === 2, 10_000, 'the probes back in waiting');
    expect(warnings(system)).toHaveLength(1);
    advance(5 * MINUTE);
    await mailHealth.maintain();
    await eventually(() => warnings(system).length === 2, 10_000, 'the next day’s warning');
    await eventually(async () => (await status(owner)).waiting === 2, 10_000, 'the probe back in waiting');

    // The server is back: the next recovery run's probe succeeds and releases the other one.
    const back = await smtp({ port });
    await mailHealth.maintain();
    await eventually(() => back.received.length === 2, 20_000, 'both mails');
    await settle();
    expect(to(back, 'els.weg@example.nl')).toHaveLength(1);
    expect(await status(owner)).toEqual({ broken: null, waiting: 0, failed: [] });
  });

  it(`gives a mail up ${MAIL_WAIT_DAYS} days after it was due and shows the owner whom it was for`, async () => {
    const system = await smtp();
    const { t, advance } = await appOnHandClock(system);
    const own = await smtp(OWN_LOGIN);
    const { owner, event } = await notifyingEvent(t);
    await owner.post('/api/email-settings', {
      provider: 'smtp',
      smtp: { host: '127.0.0.1', port: own.port, username: OWN_LOGIN.user, password: 'fout', secure: false },
    });
    const [day] = bookableDates(event, 1);
    await bookAs(t, event.id, day!, '15:00', 'Fien de Vries', 'fien.vervallen@example.nl');
    await eventually(async () => (await status(owner)).waiting === 2, 15_000, 'two waiting mails');

    advance((MAIL_WAIT_DAYS - 1) * DAY);
    await t.app.services.mailHealth.maintain();
    await eventually(
      async () => (await status(owner)).waiting === 2,
      10_000,
      'still waiting after the probe',
    );
    advance(DAY + MINUTE);
    await t.app.services.mailHealth.maintain();
    const after = await status(owner);
    expect(after.waiting).toBe(0);
    expect(after.broken).toMatchObject({ reason: 'smtp_auth' });
    const confirmation = after.failed.find((f) => f.kind === 'confirmation')!;
    expect(confirmation).toMatchObject({
      customerName: 'Fien de Vries',
      customerEmail: 'fien.vervallen@example.nl',
      bookingDate: day,
      bookingTime: '15:00',
      lastError: nl.mailHealth.gaveUp.replace('{days}', String(MAIL_WAIT_DAYS)),
    });
    expect(after.failed.map((f) => f.kind).sort()).toEqual(['confirmation', 'owner_notice']);
    // A repair later sends nothing that was given up.
    await owner.post('/api/email-settings', {
      provider: 'smtp',
      smtp: {
        host: '127.0.0.1',
        port: own.port,
        username: OWN_LOGIN.user,
        password: OWN_LOGIN.pass,
        secure: false,
      },
    });
    await settle();
    expect(own.received).toHaveLength(0);
    expect((await immediate(t, owner.id)).map((r) => r.status)).toEqual(['failed', 'failed']);
  });
});
