import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { connect, startGoogleApp, type FakeGoogle } from '../../test/google-app';
import { bookAs, notifyingEvent } from '../../test/notification-fixtures';
import type { TestApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { eventually } from '../../test/wait';

/**
 * Calendar and Gmail connected with one Google account share one authorization at Google (the
 * consent asks include_granted_scopes): disconnecting one must not revoke it under the other.
 */
describe.each(dbKinds())('disconnecting one Google connection on %s', (kind) => {
  let t: TestApp;
  let google: FakeGoogle;
  let close: () => Promise<void>;
  let accounts = 0;
  beforeAll(async () => {
    ({ t, google, close } = await startGoogleApp(kind));
  });
  afterAll(() => close());

  const userRow = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const bookingRow = async (id: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  /** An owner with Calendar connected as `calendarAccount` and Gmail (their mail provider) as `gmailAccount`. */
  async function bothConnected(calendarAccount: string, gmailAccount = calendarAccount) {
    const ctx = await notifyingEvent(t);
    google.setAccountEmail(calendarAccount);
    expect(await connect(ctx.owner, 'google')).toBe('/settings?success=google_connected');
    google.setAccountEmail(gmailAccount);
    expect(await connect(ctx.owner, 'gmail')).toBe('/settings?success=gmail_connected');
    expect((await ctx.owner.post('/api/email-settings', { provider: 'gmail' })).statusCode).toBe(200);
    const row = await userRow(ctx.owner.id);
    expect(row.googleAccountSub).toMatch(/^\d+$/);
    expect(row.gmailAccountSub).toMatch(/^\d+$/);
    return { ...ctx, dates: bookableDates(ctx.event, 3) };
  }
  const account = () => `konto${++accounts}@gmail.test`;
  const sentTo = (address: string) => google.sentMail().filter((m) => m.headers.to?.includes(address));

  it('keeps Gmail sending after Calendar is disconnected from the same account', async () => {
    const email = account();
    const { owner, event, dates } = await bothConnected(email);
    const revokedBefore = google.revokedTokens().length;
    const refusedRefreshes = () =>
      google.tokenRequests().filter((r) => r.grantType === 'refresh_token' && !r.ok).length;
    const refusedBefore = refusedRefreshes();
    expect((await owner.post('/api/google/disconnect')).statusCode).toBe(200);
    expect(google.revokedTokens()).toHaveLength(revokedBefore);
    expect((await owner.get('/api/user')).json()).toMatchObject({ googleConnected: false });
    expect(await userRow(owner.id)).toMatchObject({ googleRefreshToken: null, googleAccountSub: null });

    await bookAs(t, event.id, dates[0]!, '10:00', 'Anna', 'anna.disc@example.nl');
    const mail = await eventually(
      () => sentTo('anna.disc@example.nl')[0],
      15_000,
      'the confirmation through Gmail',
    );
    expect(mail.accountEmail).toBe(email);
    // The Gmail grant still refreshes: Google did not end the account's authorization.
    google.expireAccessTokens();
    await bookAs(t, event.id, dates[0]!, '11:00', 'Bram', 'bram.disc@example.nl');
    await eventually(() => sentTo('bram.disc@example.nl').length === 1, 15_000, 'a send after a refresh');
    expect(refusedRefreshes()).toBe(refusedBefore);
    expect((await owner.get('/api/email-settings')).json()).toMatchObject({
      gmailConnected: true,
      gmailBroken: false,
    });
  });

  it('keeps Calendar working after Gmail is disconnected from the same account', async () => {
    const { owner, event, dates } = await bothConnected(account());
    const revokedBefore = google.revokedTokens().length;
    expect((await owner.post('/api/gmail/disconnect')).statusCode).toBe(200);
    expect(google.revokedTokens()).toHaveLength(revokedBefore);
    expect((await owner.get('/api/email-settings')).json()).toMatchObject({
      provider: 'system',
      gmailConnected: false,
    });

    google.expireAccessTokens();
    const created = await bookAs(t, event.id, dates[1]!, '10:00', 'Cor', 'cor.disc@example.nl');
    await eventually(
      async () => (await bookingRow(created.booking.id)).googleCalendarEventId ?? undefined,
      15_000,
      'pushed to the calendar',
    );
    expect((await owner.post('/api/google/sync-now')).statusCode).toBe(200);
    expect((await owner.get('/api/user')).json()).toMatchObject({
      googleConnected: true,
      googleBroken: false,
    });
  });

  it('revokes at Google when the other connection uses another account', async () => {
    const calendarAccount = account();
    const gmailAccount = account();
    const { owner, event, dates } = await bothConnected(calendarAccount, gmailAccount);
    const revokedBefore = google.revokedTokens().length;
    expect((await owner.post('/api/google/disconnect')).statusCode).toBe(200);
    expect(google.revokedTokens().slice(revokedBefore)).toEqual([
      expect.objectContaining({ accountEmail: calendarAccount, type: 'refresh_token' }),
    ]);

    await bookAs(t, event.id, dates[2]!, '10:00', 'Dirk', 'dirk.disc@example.nl');
    const mail = await eventually(
      () => sentTo('dirk.disc@example.nl')[0],
      15_000,
      'Gmail of the other account still sends',
    );
    expect(mail.accountEmail).toBe(gmailAccount);
  });

  it('does not revoke when it cannot tell the accounts apart (connected before they were recorded)', async () => {
    const { owner } = await bothConnected(account());
    await t.database.db
      .update(users)
      .set({ googleAccountSub: null, gmailAccountSub: null })
      .where(eq(users.id, owner.id));
    const revokedBefore = google.revokedTokens().length;
    expect((await owner.post('/api/gmail/disconnect')).statusCode).toBe(200);
    expect(google.revokedTokens()).toHaveLength(revokedBefore);
    // The last connection left does revoke: nothing else uses the grant any more.
    expect((await owner.post('/api/google/disconnect')).statusCode).toBe(200);
    expect(google.revokedTokens()).toHaveLength(revokedBefore + 1);
  });

  it('offers only the calendars the owner can write to', async () => {
    const { owner } = await notifyingEvent(t);
    const email = account();
    google.setAccountEmail(email);
    expect(await connect(owner, 'google')).toBe('/settings?success=google_connected');
    expect(google.calendars(email).map((c) => [c.summary, c.accessRole])).toContainEqual([
      'Team (alleen lezen)',
      'reader',
    ]);
    const offered = (await owner.get('/api/google-calendar/calendars')).json() as Array<{
      id: string;
      summary: string;
    }>;
    expect(offered.map((c) => c.summary)).toEqual(['Persoonlijk', 'Werk']);
  });
});
