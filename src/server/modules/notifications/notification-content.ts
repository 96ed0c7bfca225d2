import {
  BUSINESS_EMAIL_TEXTS,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_LINK_TEXTS,
  FOLLOW_UP_EMAIL,
  MOVE_EMAIL_TEXTS,
  OWNER_NOTICE_EMAILS,
  PAYMENT_EMAIL_TEXTS,
  SERIES_EMAIL_TEXTS,
  VISIT_EMAIL_TEXTS,
  type OwnerNoticeAction,
  APPROVAL_EMAIL_TEXTS,
  REQUEST_EMAILS,
} from '@contracts/email-defaults';
import type { WebhookTrigger } from '@contracts/enums';
import { nlPublicSteps } from '@contracts/messages-public-steps';
import type { WebhookPayloadField } from '@contracts/notifications';
import {
  answersLeavingApp,
  changeDeadlines,
  DEFAULT_TIME_ZONE,
  escapeHtml,
  formatDutchDeadline,
  formatLongDutchDate,
  formatMoney,
  formatPhone,
  htmlToText,
  onlineChanges,
  parseAmountToCents,
  renderHtml,
  renderSubject,
  renderText,
  toOffsetDateTime,
  utcToZoned,
  visitTitle,
  type EmailValues,
} from '@core/index';
import type { BookingRow, EventRow, NotificationRow } from '../../db/schema';
import { senderNameOf, type MailOwner, type OutgoingMail } from '../../integrations/mail/mailer';
import { bookingIcs, bookingUid, seriesIcs } from './booking-ics';
import type { VisitLine } from './visit-lines';

const HOUR_MS = 60 * 60 * 1000;

/** How long before the appointment a reminder goes out (docs/PRODUCT.md#reminders: hours or days, default 24 hours). */
export function reminderOffsetMs(
  timing: { unit: 'hours' | 'days'; value: number } | null | undefined,
): number {
  if (!timing) return 24 * HOUR_MS;
  return timing.value * (timing.unit === 'days' ? 24 : 1) * HOUR_MS;
}

/** The previous slot a `booking.rescheduled` body names. */
export interface PreviousBookingSlot {
  bookingDate: string;
  bookingTime: string;
}

/** What a webhook body tells of its booking. */
export type WebhookBooking = Pick<
  BookingRow,
  | 'id'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'bookingDate'
  | 'bookingTime'
  | 'status'
  | 'paymentStatus'
  | 'customFieldResponses'
  | 'startsAt'
  | 'endsAt'
>;

/**
 * A webhook body (docs/PRODUCT.md#webhook-payload): the fixed properties (WEBHOOK_PAYLOAD_FIELDS),
 * `type` the trigger, a move's previous date and time, and every custom field answer as its own
 * property but those of the event's sensitive fields (docs/PRODUCT.md#sensitive-answers). A field
 * named like a fixed property is refused when saved; older ones cannot overwrite it.
 */
export function webhookPayload(
  event: EventRow,
  booking: WebhookBooking,
  sensitiveFields: readonly string[],
  now: Date,
  type: WebhookTrigger,
  previous?: PreviousBookingSlot,
  timeZone: string = DEFAULT_TIME_ZONE,
): Record<string, unknown> {
  const fixed = {
    event_id: event.id,
    event_title: event.title,
    event_description: event.description ?? null,
    booking_id: booking.id,
    customer_name: booking.customerName,
    customer_email: booking.customerEmail,
    customer_phone: booking.customerPhone,
    booking_date: booking.bookingDate,
    booking_time: booking.bookingTime,
    // The wall date and time repeat in the autumn DST hour; these name one instant each.
    startsAt: toOffsetDateTime(booking.startsAt, timeZone),
    endsAt: toOffsetDateTime(booking.endsAt, timeZone),
    status: booking.status,
    payment_status: booking.paymentStatus,
    timestamp: now.toISOString(),
    type,
    ...(previous && {
      previous_booking_date: previous.bookingDate,
      previous_booking_time: previous.bookingTime,
    }),
  } satisfies Partial<Record<WebhookPayloadField, unknown>>;
  return {
    ...answersLeavingApp(booking.customFieldResponses, sensitiveFields, { to: 'webhook' }),
    ...fixed,
  };
}

/** One segment of a visit in a webhook body's `segments` (docs/PRODUCT.md#webhook-payload). */
export function webhookSegments(lines: readonly VisitLine[], timeZone: string = DEFAULT_TIME_ZONE) {
  return lines.map((l) => ({
    bookingId: l.bookingId,
    eventId: l.eventId,
    service: l.service,
    agendaId: l.agendaId,
    agendaName: l.agendaName,
    extraAgendaIds: l.extraAgendaIds,
    extraAgendaNames: l.extraAgendaNames,
    date: l.bookingDate,
    time: l.bookingTime,
    startsAt: toOffsetDateTime(l.startsAt, timeZone),
    endsAt: toOffsetDateTime(l.endsAt, timeZone),
    status: l.status,
  }));
}

/**
 * A visit's first segment's webhook body with the visit's `segments` (every segment in order, the
 * first one included), the fixed properties kept as planned. Added by the delivery at the first
 * attempt, once the visit's change has written every segment (its first segment's change is planned
 * before the later segments are), and kept on the row so each retry sends the same body.
 */
export function withVisitSegments(
  payload: Record<string, unknown>,
  lines: readonly VisitLine[],
  timeZone: string = DEFAULT_TIME_ZONE,
): Record<string, unknown> {
  const segments: Partial<Record<WebhookPayloadField, unknown>> = {
    segments: webhookSegments(lines, timeZone),
  };
  return { ...payload, ...segments };
}

/**
 * What a move's e-mail was planned with (its row's payload; booking-notifier.ts `rescheduled`): the
 * slot it tells and the slot before, so it describes its own change whenever it is sent, and the
 * invitation's SEQUENCE of that moment.
 */
export interface PlannedMove {
  previous: PreviousBookingSlot;
  slot: Pick<BookingRow, 'bookingDate' | 'bookingTime' | 'icsSequence'> & {
    startsAt: string;
    endsAt: string;
  };
}

/** The planned move of a row's payload; none for other messages and rows planned before it was kept. */
export function plannedMove(payload: Record<string, unknown>): PlannedMove | null {
  const { previous, slot } = payload as Partial<PlannedMove>;
  return previous && slot ? { previous, slot } : null;
}

/** The booking as the message was planned for: a move's e-mail tells its slot, not today's. */
function asPlanned(booking: BookingRow, move: PlannedMove | null): BookingRow {
  if (!move) return booking;
  const { slot } = move;
  return {
    ...booking,
    bookingDate: slot.bookingDate,
    bookingTime: slot.bookingTime,
    icsSequence: slot.icsSequence,
    startsAt: new Date(slot.startsAt),
    endsAt: new Date(slot.endsAt),
  };
}

/** An owner's template or one of the fixed Dutch texts. */
export interface MessageTemplate {
  subject: string;
  htmlBody: string;
  textBody?: string | null;
}

export interface MessageContext {
  /** What the message is (kind) and what it was planned with (payload); a farewell mail has no row. */
  notification: Pick<NotificationRow, 'kind' | 'payload'>;
  booking: BookingRow;
  event: EventRow;
  /** With the business name, the default sender name (the delivery read loads it). */
  owner: MailOwner;
  /** The business profile's address and phone (none for a farewell mail). */
  business?: { address: string | null; phone: string | null };
  /** The name of the agenda (person, room) the booking is in. */
  agendaName?: string | null;
  /**
   * A visit's first segment: the visit's segments as they are now (notification-delivery.ts reads
   * them at send time); its e-mails list them and its invitation spans them. None for a booking of
   * one service and for a visit's later segments.
   */
  visit?: readonly VisitLine[] | null;
  /**
   * A series' first occurrence's confirmation and owner's notice (docs/PRODUCT.md#series): the
   * series' live occurrences as they are now (notification-delivery.ts reads them at send time); the
   * mail lists their dates and the invitation holds one entry each.
   */
  series?: ReadonlyArray<
    Pick<BookingRow, 'id' | 'bookingDate' | 'bookingTime' | 'startsAt' | 'endsAt' | 'icsSequence'>
  > | null;
  /** The template to render; null means the message is switched off by the owner. */
  template: MessageTemplate | null;
  managementUrl: string | null;
  /** The owner's decision page of a request (docs/PRODUCT.md#approval): its notice links to it. */
  approvalUrl?: string | null;
  appUrl: string;
  /** The address the mail is sent from, for the invitation's organizer. */
  fromAddress: string;
  now: Date;
}

/** The sender name of the owner's mail, `{fromName}` in their templates: one rule, the mailer's. */
export const fromNameOf = (owner: MailOwner) => senderNameOf(owner);

/**
 * What the customer paid online and what is left for the appointment (docs/PRODUCT.md#deposits), one
 * line each; none for a free booking, one from before deposits, or a payment not (or no longer) made.
 */
export function paymentLines(
  booking: Pick<BookingRow, 'paymentStatus' | 'amountPaid' | 'amountDue'>,
  currency: string,
): string[] {
  if (booking.paymentStatus !== 'paid' && booking.paymentStatus !== 'not_required') return [];
  const positive = (amount: string | null) => amount !== null && (parseAmountToCents(amount) ?? 0) > 0;
  const lines: string[] = [];
  if (booking.paymentStatus === 'paid' && positive(booking.amountPaid))
    lines.push(PAYMENT_EMAIL_TEXTS.paid.replace('{amount}', formatMoney(booking.amountPaid, currency)));
  if (positive(booking.amountDue))
    lines.push(PAYMENT_EMAIL_TEXTS.due.replace('{amount}', formatMoney(booking.amountDue, currency)));
  return lines;
}

/** The templates' variables for a booking: the e-mail's, and a text message's (text-content.ts). */
export function valuesOf(
  ctx: Pick<MessageContext, 'event' | 'owner' | 'managementUrl'>,
  booking: BookingRow,
): EmailValues {
  return {
    eventTitle: ctx.event.title,
    eventDate: formatLongDutchDate(booking.bookingDate),
    eventTime: booking.bookingTime,
    customerName: booking.customerName,
    fromName: fromNameOf(ctx.owner),
    managementUrl: ctx.managementUrl ?? '',
    paymentSummary: paymentLines(booking, ctx.event.currency).join(' '),
  };
}

/** Which fixed text a message without an owner template uses. */
export function builtInTemplate(
  notification: Pick<NotificationRow, 'kind' | 'payload'>,
): MessageTemplate | null {
  switch (notification.kind) {
    case 'follow_up':
      return FOLLOW_UP_EMAIL;
    case 'request_received':
      return REQUEST_EMAILS.received;
    case 'request_declined':
      return REQUEST_EMAILS.declined;
    case 'owner_notice':
      return OWNER_NOTICE_EMAILS[(notification.payload.action as OwnerNoticeAction | undefined) ?? 'created'];
    case 'confirmation':
    case 'modification':
    case 'cancellation':
    case 'reminder':
      return DEFAULT_EMAIL_TEMPLATES[notification.kind];
    default:
      return null;
  }
}

/** The customer e-mails that carry the owner's cancellation policy and the manage link's cut-offs. */
const POLICY_KINDS: ReadonlySet<NotificationRow['kind']> = new Set(['confirmation', 'modification']);
/** The customer e-mails that say where the appointment is and with whom. */
const PLACE_KINDS: ReadonlySet<NotificationRow['kind']> = new Set([
  'confirmation',
  'modification',
  'reminder',
]);

/** A mail's block as HTML (escaped, one line each) and as plain text. */
export interface MailSection {
  html: string;
  text: string;
}

const section = (lines: string[]): MailSection => ({
  html: `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  text: lines.join('\n'),
});

/** The mails of a series' first occurrence that list every date (docs/PRODUCT.md#series). */
const SERIES_KINDS: ReadonlySet<NotificationRow['kind']> = new Set(['confirmation', 'owner_notice']);

/** 'Uw afspraken in deze reeks' and a line per date ('dinsdag 17 maart 2026 om 08:30'). */
export function seriesSection(
  occurrences: ReadonlyArray<Pick<BookingRow, 'bookingDate' | 'bookingTime'>>,
): MailSection {
  const lines = occurrences.map((o) =>
    SERIES_EMAIL_TEXTS.line
      .replace('{date}', formatLongDutchDate(o.bookingDate))
      .replace('{time}', o.bookingTime),
  );
  return {
    html: `<h3>${escapeHtml(SERIES_EMAIL_TEXTS.title)}</h3>${section(lines).html}`,
    text: [SERIES_EMAIL_TEXTS.title, ...lines].join('\n'),
  };
}

/** How the customer reaches the business: phone, e-mail and address, each when known. */
export interface BusinessContact {
  name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
}

/**
 * The owner's cancellation policy under 'Annuleringsvoorwaarden' (escaped, line breaks kept) and,
 * when cut-offs are set, until when the manage link may change or cancel ('Wijzigen kan tot di 24 nov
 * 14:00', in the owner's zone): as HTML and as plain text. A change no longer possible online at
 * `now` (core onlineChanges; also a booking made inside its cut-off) is said as such, with how to
 * reach the business instead. Null when the event has neither policy nor cut-offs.
 */
export function policySection(
  event: Pick<EventRow, 'policyText' | 'cancelCutoffHours' | 'rescheduleCutoffHours'>,
  startsAt: Date,
  timeZone: string,
  now: Date,
  contact: BusinessContact = { name: null, address: null, phone: null, email: null },
): (MailSection & { closed: boolean }) | null {
  const p = nlPublicSteps.policy;
  const policy = event.policyText?.trim() || null;
  const deadlines = changeDeadlines(startsAt, event);
  const open = onlineChanges(deadlines, now);
  const lines = [
    [p.rescheduleUntil, open.reschedule ? deadlines.reschedule : null] as const,
    [p.cancelUntil, open.cancel ? deadlines.cancel : null] as const,
  ].flatMap(([text, at]) => (at ? [text.replace('{deadline}', formatDutchDeadline(at, timeZone))] : []));
  const contactLines = [
    contact.phone && BUSINESS_EMAIL_TEXTS.phone.replace('{value}', formatPhone(contact.phone)),
    contact.email && BUSINESS_EMAIL_TEXTS.email.replace('{value}', contact.email),
    contact.address && BUSINESS_EMAIL_TEXTS.address.replace('{value}', oneLine(contact.address)),
  ].filter((l): l is string => Boolean(l));
  const closed = open.someClosed
    ? [
        `${open.allClosed ? p.closedNow.both : !open.reschedule ? p.closedNow.reschedule : p.closedNow.cancel}` +
          (contactLines.length
            ? ` ${contact.name ? p.contactNamed.replace('{business}', contact.name) : p.contactUnnamed}`
            : ''),
        ...contactLines,
      ]
    : [];
  if (!policy && !lines.length && !closed.length) return null;
  const html =
    (policy ? `<h3>${escapeHtml(p.title)}</h3><p>${escapeHtml(policy).replace(/\r?\n/g, '<br>')}</p>` : '') +
    (lines.length ? section(lines).html : '') +
    (closed.length ? section(closed).html : '');
  const text = [
    policy ? `${p.title}\n${policy.replace(/\r\n/g, '\n')}` : null,
    lines.join('\n') || null,
    closed.join('\n') || null,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { html, text, closed: closed.length > 0 };
}

/** An address typed on several lines, as one line ('Dorpsstraat 1, 1234 AB Utrecht'). */
export const oneLine = (address: string) =>
  address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(', ');

/**
 * Where the appointment is and with whom: the agenda (when the service books into several, so the
 * name tells something), the business's address and phone. Null when none is known.
 */
export function placeSection(
  event: Pick<EventRow, 'agendaIds'>,
  agendaName: string | null | undefined,
  business: { address: string | null; phone: string | null } | undefined,
  withContact: boolean,
): MailSection | null {
  const t = BUSINESS_EMAIL_TEXTS;
  const lines = [
    agendaName && event.agendaIds.length > 1 ? t.agenda.replace('{value}', agendaName) : null,
    withContact && business?.address ? t.address.replace('{value}', oneLine(business.address)) : null,
    withContact && business?.phone ? t.phone.replace('{value}', formatPhone(business.phone)) : null,
  ].filter((l): l is string => Boolean(l));
  return lines.length ? section(lines) : null;
}

/**
 * The segments a visit's message tells: the live ones, or every one once the first segment itself
 * is cancelled (the cancellation tells what was cancelled). The first line takes the slot the
 * message was planned for (a move's e-mail), as its other values do.
 */
export function shownVisitLines(
  lines: readonly VisitLine[],
  booking: Pick<BookingRow, 'id' | 'status' | 'bookingDate' | 'bookingTime' | 'startsAt' | 'endsAt'>,
  timeZone: string,
): VisitLine[] {
  const shown = booking.status === 'cancelled' ? [...lines] : lines.filter((l) => l.status !== 'cancelled');
  return shown.map((l) =>
    l.bookingId === booking.id
      ? {
          ...l,
          bookingDate: booking.bookingDate,
          bookingTime: booking.bookingTime,
          endTime: utcToZoned(booking.endsAt, timeZone).time,
          startsAt: booking.startsAt,
          endsAt: booking.endsAt,
        }
      : l,
  );
}

/** What a segment's line and the visit's calendar entry tell of it. */
export type VisitLineText = Pick<
  VisitLine,
  'service' | 'bookingTime' | 'endTime' | 'agendaName' | 'extraAgendaNames' | 'startsAt' | 'endsAt'
>;

/** One line per segment: '10:00–10:30 Knippen bij Anna', a room after it when it occupies one. */
export function visitSegmentLines(lines: readonly VisitLineText[]): string[] {
  const t = VISIT_EMAIL_TEXTS;
  return lines.map((l) => {
    const rooms = l.extraAgendaNames.filter(Boolean);
    return (
      t.segment
        .replace('{start}', l.bookingTime)
        .replace('{end}', l.endTime)
        .replace('{service}', l.service)
        .replace('{agenda}', l.agendaName) +
      (rooms.length ? t.rooms.replace('{rooms}', rooms.join(', ')) : '')
    );
  });
}

/** The visit's block of an e-mail: its title ('Uw bezoek', the owner's 'Het bezoek') and a line per segment. */
export function visitSection(lines: readonly VisitLine[], toOwner: boolean): MailSection {
  const title = toOwner ? VISIT_EMAIL_TEXTS.ownerTitle : VISIT_EMAIL_TEXTS.title;
  const body = visitSegmentLines(lines);
  return {
    html: `<h3>${escapeHtml(title)}</h3>${section(body).html}`,
    text: [title, ...body].join('\n'),
  };
}

/**
 * The one calendar entry of a visit: from the first segment's start to the last one's end, named by
 * its services ('Knippen + Föhnen'), the segments listed in its description.
 */
export function visitCalendarEntry(lines: readonly VisitLineText[]) {
  const first = lines[0]!;
  const endsAt = new Date(Math.max(...lines.map((l) => l.endsAt.getTime())));
  return {
    startsAt: first.startsAt,
    endsAt,
    summary: visitTitle(lines.map((l) => l.service)),
    description: visitSegmentLines(lines).join('\n'),
  };
}

/**
 * Message-ID and threading of a booking's e-mail: the confirmation's Message-ID is derived from the
 * booking, and every later customer mail about it (move, cancel, reminder, follow-up) answers that
 * one (In-Reply-To and References), so mail clients show them as one conversation. Other mails get
 * the notification's own id, the same on every retry so a receiver can spot a repeated delivery.
 */
export function mailThread(
  notification: Pick<NotificationRow, 'id' | 'kind'>,
  bookingId: string,
  host: string,
): Pick<OutgoingMail, 'messageId' | 'inReplyTo' | 'references'> {
  const confirmation = `<booking-${bookingId}@${host}>`;
  if (notification.kind === 'confirmation') return { messageId: confirmation };
  const own = `<${notification.id}@${host}>`;
  if (notification.kind === 'owner_notice') return { messageId: own };
  return { messageId: own, inReplyTo: confirmation, references: confirmation };
}

/** How the owner reaches the customer, under the owner's notice; nothing when the customer left neither. */
function ownerContactHtml(booking: Pick<BookingRow, 'customerEmail' | 'customerPhone'>): string {
  const lines = [
    booking.customerEmail ? EMAIL_LINK_TEXTS.ownerEmail.replace('{value}', booking.customerEmail) : null,
    booking.customerPhone
      ? EMAIL_LINK_TEXTS.ownerPhone.replace('{value}', formatPhone(booking.customerPhone))
      : null,
  ].filter((line) => line !== null);
  return lines.length ? `<p>${lines.map(escapeHtml).join('<br>')}</p>` : '';
}

/**
 * One e-mail from its template: variables filled (HTML-escaped in the body, line breaks removed from
 * the subject), a plain-text part, and for the customer an invitation in the owner's time zone.
 */
export function composeEmail(ctx: MessageContext): OutgoingMail | null {
  const { notification, event, owner, template } = ctx;
  if (!template) return null;
  const move = plannedMove(notification.payload);
  const booking = asPlanned(ctx.booking, move);
  const values = valuesOf(ctx, booking);
  const toOwner = notification.kind === 'owner_notice';
  const to = toOwner ? owner.email : booking.customerEmail;
  if (!to) return null;
  let html = renderHtml(template.htmlBody, values);
  // A visit's first segment tells the whole visit: every service with its times and people, also
  // under an owner's own template (which knows only the first service's variables).
  const visit = ctx.visit?.length ? shownVisitLines(ctx.visit, booking, owner.timeZone) : null;
  const visitPart = visit?.length ? visitSection(visit, toOwner) : null;
  if (visitPart) html += visitPart.html;
  const series =
    ctx.series && ctx.series.length > 1 && SERIES_KINDS.has(notification.kind) ? ctx.series : null;
  const seriesPart = series ? seriesSection(series) : null;
  if (seriesPart) html += seriesPart.html;
  // A move's e-mail says where the appointment was, also under an owner's own template.
  const before = move
    ? MOVE_EMAIL_TEXTS.previous
        .replace('{date}', formatLongDutchDate(move.previous.bookingDate))
        .replace('{time}', move.previous.bookingTime)
    : null;
  if (before) html += `<p>${escapeHtml(before)}</p>`;
  // A request's notice carries the owner's decision links and until when they may decide.
  if (toOwner && ctx.approvalUrl) {
    const deadline = booking.approvalExpiresAt
      ? APPROVAL_EMAIL_TEXTS.deadline.replace(
          '{deadline}',
          formatDutchDeadline(booking.approvalExpiresAt, owner.timeZone),
        )
      : null;
    html +=
      `<p><a href="${ctx.approvalUrl}?besluit=bevestigen">${APPROVAL_EMAIL_TEXTS.approve}</a> · ` +
      `<a href="${ctx.approvalUrl}?besluit=afwijzen">${APPROVAL_EMAIL_TEXTS.decline}</a></p>` +
      (deadline ? `<p>${escapeHtml(deadline)}</p>` : '');
  }
  // A declined request says why when the owner said so, or that it lapsed.
  if (notification.kind === 'request_declined') {
    const { reason, expired } = notification.payload as { reason?: string; expired?: boolean };
    if (reason) html += `<p>${escapeHtml(APPROVAL_EMAIL_TEXTS.reason.replace('{reason}', () => reason))}</p>`;
    if (expired) html += `<p>${escapeHtml(APPROVAL_EMAIL_TEXTS.expired)}</p>`;
  }
  if (toOwner)
    html +=
      ownerContactHtml(booking) +
      `<p><a href="${ctx.appUrl}/bookings">${EMAIL_LINK_TEXTS.ownerBookings}</a></p>`;
  // The management link is in every customer e-mail, also when an owner's template left it out.
  else if (
    ctx.managementUrl &&
    !html.includes(ctx.managementUrl) &&
    notification.kind !== 'cancellation' &&
    notification.kind !== 'request_declined'
  ) {
    html += `<p><a href="${ctx.managementUrl}">${EMAIL_LINK_TEXTS.manage}</a></p>`;
  }
  // The confirmation says what was paid and what is still due, also when the owner's template
  // (copied before deposits existed) does not use {{paymentSummary}}.
  const money = paymentLines(booking, event.currency);
  const moneyInTemplate = /\{\{\s*paymentSummary\s*\}\}/.test(template.htmlBody);
  if (!toOwner && notification.kind === 'confirmation' && money.length && !moneyInTemplate)
    html += `<p>${money.map(escapeHtml).join('<br>')}</p>`;
  let text = template.textBody ? renderText(template.textBody, values) : htmlToText(html);
  if (template.textBody && visitPart) text += `\n\n${visitPart.text}`;
  if (template.textBody && seriesPart) text += `\n\n${seriesPart.text}`;
  if (template.textBody && before) text += `\n\n${before}`;
  if (
    template.textBody &&
    !toOwner &&
    notification.kind === 'confirmation' &&
    money.length &&
    !moneyInTemplate
  )
    text += `\n\n${money.join('\n')}`;
  // The owner's policy and cut-offs follow the message the customer gets when booking or moving;
  // once online changes are closed it names how to reach the business instead.
  const contact: BusinessContact = {
    name: owner.businessName ?? null,
    address: ctx.business?.address ?? null,
    phone: ctx.business?.phone ?? null,
    email: owner.email ?? null,
  };
  const policy =
    !toOwner && POLICY_KINDS.has(notification.kind)
      ? policySection(event, booking.startsAt, owner.timeZone, ctx.now, contact)
      : null;
  // Where and with whom, in every confirmation, change and reminder (the closed notice already
  // names the address and phone).
  const place =
    !toOwner && PLACE_KINDS.has(notification.kind)
      ? // A visit's lines name each segment's person already.
        placeSection(event, visitPart ? null : ctx.agendaName, ctx.business, !policy?.closed)
      : null;
  for (const part of [place, policy]) {
    if (!part) continue;
    html += part.html;
    text += `\n\n${part.text}`;
  }
  // A visit is one calendar entry from its first start to its last end (its first segment's UID).
  const entry = visit?.length
    ? visitCalendarEntry(visit)
    : {
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        summary: event.title,
        description: event.description ?? '',
      };
  const inviteWhat = {
    method: notification.kind === 'cancellation' ? ('CANCEL' as const) : ('REQUEST' as const),
    timeZone: owner.timeZone,
    summary: entry.summary,
    location: ctx.business?.address ? oneLine(ctx.business.address) : null,
    description: ctx.managementUrl
      ? `${entry.description}\n\n${EMAIL_LINK_TEXTS.calendarManage} ${ctx.managementUrl}`.trim()
      : entry.description,
    url: ctx.managementUrl,
    organizer: { name: fromNameOf(owner), email: ctx.fromAddress },
    attendee: booking.customerEmail ? { name: booking.customerName, email: booking.customerEmail } : null,
    now: ctx.now,
  };
  const invites = !toOwner && ['confirmation', 'modification', 'cancellation'].includes(notification.kind);
  const invite = !invites
    ? null
    : series
      ? seriesIcs({
          ...inviteWhat,
          seriesUid: bookingUid(booking.seriesId!, ctx.appUrl),
          occurrences: series.map((o) => ({
            uid: bookingUid(o.id, ctx.appUrl),
            sequence: o.icsSequence,
            startsAt: o.startsAt,
            endsAt: o.endsAt,
          })),
        })
      : bookingIcs({
          ...inviteWhat,
          uid: bookingUid(booking.id, ctx.appUrl),
          sequence: booking.icsSequence,
          startsAt: entry.startsAt,
          endsAt: entry.endsAt,
        });
  return {
    to,
    subject: renderSubject(template.subject, values),
    html,
    text,
    replyTo: toOwner ? booking.customerEmail : owner.email,
    ...(invite
      ? {
          icalEvent: { method: notification.kind === 'cancellation' ? 'CANCEL' : 'REQUEST', content: invite },
        }
      : {}),
  };
}
