import type { z } from 'zod';
import {
  CUSTOMERS_PAGE_SIZE,
  type createCustomerBody,
  type CustomerDetail,
  type CustomersPage,
  type customersQuery,
  type FollowUpDto,
  type updateCustomerBody,
} from '@contracts/customers';
import { nl } from '@contracts/messages';
import { can } from '@core/permissions';
import { phoneSearchVariants } from '@core/phone';
import { todayInZone } from '@core/timezone';
import type { Db } from '../../db/client';
import type { CustomerRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { SignedIn } from '../../http/signed-in';
import { activityRepo, byMember } from '../activity/activity.repo';
import { toCustomerBooking, toListItem, toNoteDto, type CustomerView } from './customer-dto';
import { customerNotesRepo } from './customer-notes.repo';
import { customersRepo, type CustomerScope } from './customers.repo';

const m = nl.customers;

/** Which customers the member sees, and whether their contact details. */
export function scopeOf({ member }: SignedIn): CustomerScope {
  return can(member.role, 'customers.manage') ? { all: true } : { all: false, agendaIds: member.agendaIds };
}
export const viewOf = ({ member }: SignedIn): CustomerView => ({
  contact: can(member.role, 'customers.contact'),
});

const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function decodeCursor(cursor: string): number {
  try {
    const { o } = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { o: unknown };
    if (Number.isSafeInteger(o) && (o as number) >= 0) return o as number;
  } catch {
    // answered below
  }
  throw badRequest(m.invalidCursor);
}

/** A customer the member may see, or 404 as if it did not exist. */
export async function visibleCustomer(db: Db, who: SignedIn, id: string): Promise<CustomerRow> {
  const row = await customersRepo.find(db, who.user.id, id);
  if (!row || !(await customersRepo.inScope(db, who.user.id, id, scopeOf(who)))) throw notFound(m.notFound);
  return row;
}

/** 409 when the address is another customer's of the business: the client offers the merge. */
async function refuseTakenEmail(db: Db, businessId: string, email: string | null, exceptId?: string) {
  if (!email) return;
  const other = await customersRepo.byEmail(db, businessId, email, exceptId);
  if (other)
    throw new AppError(
      'CONFLICT',
      m.emailTaken.replace('{name}', other.name),
      { email: m.emailTaken.replace('{name}', other.name) },
      {
        customerId: other.id,
        customerName: other.name,
      },
    );
}

type CreateValues = z.output<typeof createCustomerBody>;
type UpdateValues = z.output<typeof updateCustomerBody>;

/** The columns of an edit: '' removes a value; consent keeps when and how it was given. */
function columnsOf(body: Partial<CreateValues>, current: CustomerRow | null, at: Date) {
  const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() || null);
  const consentChanged =
    body.marketingConsent !== undefined && body.marketingConsent !== (current?.marketingConsent ?? false);
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.email !== undefined ? { email: blankToNull(body.email) } : {}),
    ...(body.phone !== undefined ? { phone: blankToNull(body.phone) } : {}),
    ...(body.birthDate !== undefined ? { birthDate: blankToNull(body.birthDate) } : {}),
    ...(body.tags !== undefined ? { tags: body.tags } : {}),
    ...(consentChanged
      ? {
          marketingConsent: body.marketingConsent,
          marketingConsentAt: at,
          marketingConsentSource: 'owner' as const,
        }
      : {}),
  };
}

const CHANGED_FIELDS = ['name', 'email', 'phone', 'birthDate', 'tags', 'marketingConsent'] as const;

export function createCustomersService(db: Db, deps: { now: () => Date }) {
  const { now } = deps;

  async function detail(who: SignedIn, id: string): Promise<CustomerDetail> {
    await visibleCustomer(db, who, id);
    const at = now();
    const [row, notes, bookingRows, messages] = await Promise.all([
      customersRepo.withFigures(db, who.user.id, id, at),
      customerNotesRepo.list(db, id),
      customersRepo.bookingsOf(db, id),
      customersRepo.messagesOf(db, id),
    ]);
    if (!row) throw notFound(m.notFound);
    const view = viewOf(who);
    const history = bookingRows.map(toCustomerBooking);
    const intake = history.find((b) => Object.keys(b.answers).length > 0);
    return {
      ...toListItem(row, view),
      birthDate: row.birthDate,
      marketingConsent: row.marketingConsent,
      marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
      marketingConsentSource: row.marketingConsentSource,
      blockedAt: row.blockedAt?.toISOString() ?? null,
      blockedReason: row.blockedReason,
      createdAt: row.createdAt.toISOString(),
      notes: notes.map(toNoteDto),
      bookings: history,
      messages: messages.map((msg) => ({
        bookingId: msg.bookingId ?? '',
        kind: msg.kind,
        channel: msg.channel,
        status: msg.status,
        at: (msg.sentAt ?? msg.dueAt).toISOString(),
      })),
      latestIntake: intake ? { bookingId: intake.id, answers: intake.answers } : null,
    };
  }

  return {
    async list(who: SignedIn, q: z.output<typeof customersQuery>): Promise<CustomersPage> {
      const offset = q.cursor ? decodeCursor(q.cursor) : 0;
      const [rows, tags] = await Promise.all([
        customersRepo.page(
          db,
          who.user.id,
          scopeOf(who),
          {
            q: q.q || undefined,
            phoneVariants: q.q ? phoneSearchVariants(q.q) : [],
            tag: q.tag || undefined,
            sort: q.sort,
          },
          { offset, limit: CUSTOMERS_PAGE_SIZE + 1 },
          now(),
        ),
        customersRepo.tags(db, who.user.id),
      ]);
      const view = viewOf(who);
      return {
        customers: rows.slice(0, CUSTOMERS_PAGE_SIZE).map((r) => toListItem(r, view)),
        nextCursor: rows.length > CUSTOMERS_PAGE_SIZE ? encodeCursor(offset + CUSTOMERS_PAGE_SIZE) : null,
        tags,
      };
    },

    get: detail,

    async create(who: SignedIn, body: CreateValues): Promise<CustomerDetail> {
      const at = now();
      const row = await db.transaction(async (tx) => {
        const columns = columnsOf(body, null, at);
        await refuseTakenEmail(tx, who.user.id, columns.email ?? null);
        const row = await customersRepo.insert(tx, {
          ...columns,
          name: body.name,
          businessId: who.user.id,
          createdAt: at,
          updatedAt: at,
        });
        await activityRepo.record(tx, byMember(who.member), at, {
          kind: 'customer.created',
          subjectId: row.id,
          subjectName: row.name,
        });
        return row;
      });
      return detail(who, row.id);
    },

    async update(who: SignedIn, id: string, body: UpdateValues): Promise<CustomerDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        const current = await visibleCustomer(tx, who, id);
        const columns = columnsOf(body, current, at);
        if (columns.email) await refuseTakenEmail(tx, who.user.id, columns.email, id);
        const changed = CHANGED_FIELDS.filter(
          (k) =>
            k in columns && JSON.stringify(columns[k as keyof typeof columns]) !== JSON.stringify(current[k]),
        );
        if (!changed.length) return;
        const updated = await customersRepo.update(tx, who.user.id, id, { ...columns, updatedAt: at });
        // The log names the fields that changed, not their values: it is kept two years, a
        // customer's contact details only as long as the customer record.
        await activityRepo.record(tx, byMember(who.member), at, {
          kind: 'customer.updated',
          subjectId: id,
          subjectName: updated?.name ?? current.name,
          after: { changed },
        });
      });
      return detail(who, id);
    },

    async block(who: SignedIn, id: string, reason: string): Promise<CustomerDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        const current = await visibleCustomer(tx, who, id);
        if (current.blockedAt && current.blockedReason === reason) return;
        await customersRepo.update(tx, who.user.id, id, {
          blockedAt: current.blockedAt ?? at,
          blockedReason: reason,
          updatedAt: at,
        });
        await activityRepo.record(tx, byMember(who.member), at, {
          kind: 'customer.blocked',
          subjectId: id,
          subjectName: current.name,
        });
      });
      return detail(who, id);
    },

    async unblock(who: SignedIn, id: string): Promise<CustomerDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        const current = await visibleCustomer(tx, who, id);
        if (!current.blockedAt) return;
        await customersRepo.update(tx, who.user.id, id, {
          blockedAt: null,
          blockedReason: null,
          updatedAt: at,
        });
        await activityRepo.record(tx, byMember(who.member), at, {
          kind: 'customer.unblocked',
          subjectId: id,
          subjectName: current.name,
        });
      });
      return detail(who, id);
    },

    /** The notes to follow up today (the business's day), of the customers the member sees. */
    async followUps(who: SignedIn): Promise<FollowUpDto[]> {
      return customerNotesRepo.dueOn(db, who.user.id, todayInZone(now(), who.user.timeZone), scopeOf(who));
    },
  };
}
