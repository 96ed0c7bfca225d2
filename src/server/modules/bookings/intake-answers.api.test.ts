import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import { bookings } from '../../db/schema';
import { dbKinds } from '../../test/databases';
import { templatePayload } from '../../test/fixtures';
import { notifyingEvent } from '../../test/notification-fixtures';
import { invitationOf } from '../../test/smtp';
import { agent, createMailingApp, type Agent, type MailingApp } from '../../test/test-app';
import { bookableDates } from '../../test/test-today';
import { eventually } from '../../test/wait';
import { startReceiver } from '../../test/webhook-receiver';

const b = nlPublicSteps.booking;
const SECRET = 'Hernia L4-L5, gebruikt bloedverdunners';
const FIELDS = [
  { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
  {
    fieldName: 'Behandeling',
    fieldType: 'select',
    isRequired: true,
    order: 2,
    options: ['Massage', 'Dry needling'],
  },
  {
    fieldName: 'Zones',
    fieldType: 'multiselect',
    isRequired: false,
    order: 3,
    options: ['Rug', 'Nek', 'Schouder'],
  },
  { fieldName: 'Akkoord voorwaarden', fieldType: 'checkbox', isRequired: true, order: 4 },
  { fieldName: 'Eerder geweest', fieldType: 'yesno', isRequired: true, order: 5 },
  { fieldName: 'Geboortedatum', fieldType: 'date', isRequired: false, order: 6 },
  { fieldName: 'Pijnscore', fieldType: 'number', isRequired: false, order: 7, minValue: 0, maxValue: 10 },
  { fieldName: 'Medische klachten', fieldType: 'textarea', isRequired: false, order: 8, sensitive: true },
];
const VALID = {
  Naam: 'Eva de Vries',
  'E-mail': 'eva.intake@example.nl',
  Behandeling: 'Dry needling',
  Zones: 'Rug, Schouder',
  'Akkoord voorwaarden': 'ja',
  'Eerder geweest': 'nee',
  Geboortedatum: '1990-04-12',
  Pijnscore: '7',
  'Medische klachten': SECRET,
};

describe.each(dbKinds())('intake field types and sensitive answers on %s', (kind) => {
  let t: MailingApp;
  let anna: Agent & { id: string };
  let event: EventDto;
  let dates: string[];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let bookingId: string;
  let manageToken: string;
  const book = (answers: Record<string, string>, time = '10:00', date = dates[0]!) =>
    agent(t.app).post('/api/public/bookings', {
      eventId: event.id,
      bookingDate: date,
      bookingTime: time,
      customFieldResponses: answers,
    });

  beforeAll(async () => {
    t = await createMailingApp(kind);
    receiver = await startReceiver();
    const made = await notifyingEvent(t, { title: 'Fysiotherapie', customFields: FIELDS });
    anna = made.owner;
    event = made.event;
    dates = bookableDates(event, 2);
    const hook = await anna.post(`/api/events/${event.id}/webhooks`, { name: 'CRM', url: receiver.url });
    expect(hook.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('stores and returns each field’s type, options, bounds and sensitivity', async () => {
    const fields = (await anna.get(`/api/events/${event.id}/fields`)).json();
    expect(fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(FIELDS.map((f) => f.fieldName));
    expect(fields[2]).toMatchObject({
      fieldType: 'select',
      options: ['Massage', 'Dry needling'],
      sensitive: false,
    });
    expect(fields[7]).toMatchObject({ fieldType: 'number', minValue: 0, maxValue: 10, options: [] });
    expect(fields[8]).toMatchObject({ sensitive: true });
    // The booking page gets the options and bounds it renders.
    const pub = (await agent(t.app).get(`/api/public/events/${event.slug}/fields`)).json();
    expect(pub[3]).toMatchObject({ fieldType: 'multiselect', options: ['Rug', 'Nek', 'Schouder'] });
    expect(pub[7]).toMatchObject({ minValue: 0, maxValue: 10 });
  });

  it('keeps options, bounds and sensitivity in a template, and refuses a list without options', async () => {
    const made = await anna.post('/api/templates', templatePayload({ customFieldsConfig: FIELDS }));
    expect(made.statusCode, made.body).toBe(201);
    const again = (await anna.get(`/api/templates/${made.json().id}`)).json();
    expect(again.customFieldsConfig[2]).toMatchObject({ options: ['Massage', 'Dry needling'] });
    expect(again.customFieldsConfig[7]).toMatchObject({ minValue: 0, maxValue: 10 });
    expect(again.customFieldsConfig[8]).toMatchObject({ sensitive: true });
    const bare = await anna.patch(`/api/events/${event.id}`, {
      customFields: [...FIELDS.slice(0, 2), { ...FIELDS[2]!, options: [] }],
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields['customFields.2.options']).toBe(nl.eventRules.optionsRequired);
  });

  it('refuses each bad answer with the field’s Dutch message and stores nothing', async () => {
    const cases: Array<[string, string, string]> = [
      ['Behandeling', 'Acupunctuur', b.invalidOption],
      ['Behandeling', '', b.required],
      ['Zones', 'Rug, Been', b.invalidOption],
      ['Akkoord voorwaarden', '', b.required],
      ['Akkoord voorwaarden', 'nee', b.invalidCheckbox],
      ['Eerder geweest', 'soms', b.invalidYesNo],
      ['Geboortedatum', '12-04-1990', b.invalidAnswerDate],
      ['Pijnscore', 'veel', b.invalidNumber],
      ['Pijnscore', '11', 'Vul een getal in van maximaal 10'],
      ['Pijnscore', '-1', 'Vul een getal in van minimaal 0'],
    ];
    for (const [field, value, message] of cases) {
      const res = await book({ ...VALID, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().fields[`customFieldResponses.${field}`]).toBe(message);
    }
    const stored = await t.database.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(stored).toEqual([]);
  });

  it('stores valid answers; the details panel shows the sensitive one, marked', async () => {
    const res = await book(VALID);
    expect(res.statusCode).toBe(201);
    bookingId = res.json().booking.id;
    manageToken = res.json().managementToken;
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.customFieldResponses).toEqual(VALID);
    const details = (await anna.get(`/api/bookings/${bookingId}`)).json();
    expect(details.answers).toContainEqual({
      fieldName: 'Medische klachten',
      fieldType: 'textarea',
      value: SECRET,
      sensitive: true,
    });
    expect(details.answers).toContainEqual(
      expect.objectContaining({ fieldName: 'Zones', value: 'Rug, Schouder' }),
    );
  });

  it('keeps the sensitive answer out of the e-mails, the invitation and the webhook body', async () => {
    const mails = await eventually(
      () => {
        const got = t.smtp.received.filter(
          (m) => m.raw.includes('Eva de Vries') || m.envelope.to.includes(VALID['E-mail']),
        );
        return got.length >= 2 && got;
      },
      15_000,
      'the confirmation and the owner’s notice',
    );
    expect(mails.some((m) => m.envelope.to.includes(VALID['E-mail']) && invitationOf(m))).toBe(true);
    for (const m of mails) {
      expect(m.raw).not.toContain('Hernia');
      expect(`${m.mail.text} ${m.mail.html} ${invitationOf(m)}`).not.toContain('Hernia');
    }
    const [hook] = await eventually(
      () => receiver.received.length > 0 && receiver.received,
      15_000,
      'the webhook',
    );
    const body = JSON.parse(hook!.body);
    expect(body).toMatchObject({ Behandeling: 'Dry needling', Zones: 'Rug, Schouder', Pijnscore: '7' });
    expect(body).not.toHaveProperty('Medische klachten');
    expect(hook!.body).not.toContain('Hernia');
  });

  it('keeps it out of the downloaded invitation, the calendar feed (answers on or off) and the CSV', async () => {
    const ics = await agent(t.app).get(`/api/public/bookings/manage/${manageToken}/ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).not.toContain('Hernia');

    const url = (await anna.post('/api/calendar-feed', { replace: false })).json().url as string;
    const feed = async () => (await agent(t.app).get(new URL(url).pathname)).body.replace(/\r\n /g, '');
    const off = await feed();
    expect(off).toContain('Fysiotherapie');
    expect(off).not.toContain('Dry needling');
    expect(off).not.toContain('Hernia');
    expect((await anna.patch('/api/user/settings', { calendarShowAnswers: true })).statusCode).toBe(200);
    const on = await feed();
    expect(on).toContain('Behandeling: Dry needling');
    expect(on).not.toContain('Medische klachten');
    expect(on).not.toContain('Hernia');

    const csv = await anna.get('/api/bookings/export.csv');
    expect(csv.statusCode).toBe(200);
    const [header] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Behandeling');
    expect(header).not.toContain('Medische klachten');
    expect(csv.body).toContain('Dry needling');
    expect(csv.body).not.toContain('Hernia');
  });
});
