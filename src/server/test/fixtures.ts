import { randomUUID } from 'node:crypto';
import type { CreateEventBody } from '@contracts/events';
import { slotInterval } from '@core/index';
import { bookings } from '../db/schema';
import type { TemplateBody } from '@contracts/templates';
import { agent, type Agent, type TestApp } from './test-app';

let ownerCount = 0;

/** A freshly registered owner with their own signed-in agent. */
/** created_at and updated_at of a row a test writes itself: the app's clock stamps them, not the database. */
export function stamps(t: TestApp) {
  const at = t.app.services.clock();
  return { createdAt: at, updatedAt: at };
}

export async function owner(t: TestApp, name = `eigenaar${++ownerCount}`): Promise<Agent & { id: string }> {
  const a = agent(t.app);
  const res = await a.post('/api/register', {
    username: name,
    password: 'geheim123',
    email: `${name}@example.nl`,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return Object.assign(a, { id: res.json().id as string });
}

const weekdays = (start = '09:00', end = '17:00') =>
  Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((k) => [
      k,
      { enabled: k !== '0' && k !== '6', startTime: start, endTime: end },
    ]),
  );

export function eventPayload(overrides: Partial<CreateEventBody> = {}): CreateEventBody {
  return {
    title: 'Knippen',
    description: 'Knippen en föhnen',
    workingDays: weekdays(),
    dateRangeType: 'range',
    dateRangeStart: '2026-12-01',
    dateRangeEnd: '2026-12-07',
    durationMinutes: 30,
    dailyPauseTimes: { '1': [{ start: '12:00', end: '13:00' }], '2': [{ start: '12:00', end: '13:00' }] },
    customFields: [
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
      { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
      { fieldName: 'Telefoon', fieldType: 'phone', isRequired: false, order: 2 },
    ],
    ...overrides,
  };
}

export function templatePayload(overrides: Partial<TemplateBody> = {}): TemplateBody {
  return {
    templateName: 'Standaard knipbeurt',
    workingDays: weekdays(),
    dailyPauseTimes: { '3': [{ start: '12:00', end: '12:30' }] },
    durationMinutes: 45,
    requiresPayment: true,
    paymentAmount: '25',
    currency: 'EUR',
    themeColor: '#10B981',
    customFieldsConfig: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
    webhooksConfig: [{ name: 'CRM', url: 'https://crm.example.nl/hook' }],
    ...overrides,
  };
}

/** Inserts a booking directly (e.g. past or paid ones the public API cannot make). */
export async function insertBooking(
  t: TestApp,
  eventId: string,
  date: string,
  time: string,
  extra: {
    status?: 'confirmed' | 'pending' | 'cancelled';
    paymentStatus?: 'not_required' | 'paid' | 'pending' | 'refunded';
    customerName?: string;
    durationMinutes?: number;
    createdAt?: Date;
    /** docs/PRODUCT.md#deposits: paid online / due at the appointment ('NN.NN'); unset = before deposits. */
    amountPaid?: string;
    amountDue?: string;
  } = {},
) {
  const { start, end } = slotInterval(date, time, extra.durationMinutes ?? 30, 'Europe/Amsterdam');
  await t.database.db.insert(bookings).values({
    eventId,
    customerName: extra.customerName ?? 'Klant',
    bookingDate: date,
    bookingTime: time,
    startsAt: new Date(start),
    endsAt: new Date(end),
    status: extra.status ?? 'confirmed',
    paymentStatus: extra.paymentStatus ?? 'not_required',
    managementTokenHash: `fixture-${randomUUID()}`,
    ...stamps(t),
    ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
    ...(extra.amountPaid !== undefined ? { amountPaid: extra.amountPaid } : {}),
    ...(extra.amountDue !== undefined ? { amountDue: extra.amountDue } : {}),
  });
}
