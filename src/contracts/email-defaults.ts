/**
 * The Dutch default e-mail templates every owner starts with (and "reset" restores). Placeholders
 * use the spec's variables: {{eventTitle}}, {{eventDate}}, {{eventTime}}, {{customerName}},
 * {{fromName}}, {{managementUrl}}.
 */
import type { EmailTemplateType } from './enums';

export interface DefaultEmailTemplate {
  subject: string;
  htmlBody: string;
  reminderTiming?: { unit: 'hours' | 'days'; value: number };
}

/** Link texts the app adds itself: the manage link if an owner's template left it out, and the owner's link to the app. */
/**
 * Where the appointment is and with whom, under every confirmation, change and reminder (the
 * business profile's address and phone, the agenda when the service has several); the e-mail
 * address only where the customer must make contact (a change no longer possible online).
 */
export const BUSINESS_EMAIL_TEXTS = {
  agenda: 'Bij: {value}',
  address: 'Adres: {value}',
  phone: 'Telefoon: {value}',
  email: 'E-mail: {value}',
} as const;

/**
 * Under a move's e-mail (the customer's change, the owner's notice): where the appointment was before,
 * so a mail that tells several quick moves at once says from where to where.
 */
export const MOVE_EMAIL_TEXTS = {
  previous: 'Eerder gepland: {date} om {time}',
} as const;

/** The confirmation of a series lists every date (docs/PRODUCT.md#series), under this title. */
export const SERIES_EMAIL_TEXTS = {
  title: 'Uw afspraken in deze reeks',
  line: '{date} om {time}',
} as const;

/**
 * The segments of a visit (docs/PRODUCT.md#visits), under every e-mail of its first segment: one
 * line per service with its times, the person and, when it occupies one, the room. The calendar
 * entry's description lists the same lines.
 */
export const VISIT_EMAIL_TEXTS = {
  title: 'Uw bezoek',
  ownerTitle: 'Het bezoek',
  segment: '{start}–{end} {service} bij {agenda}',
  rooms: ' (ruimte: {rooms})',
} as const;

export const EMAIL_LINK_TEXTS = {
  manage: 'Bekijk, wijzig of annuleer uw afspraak',
  ownerBookings: 'Bekijk uw afspraken',
  /** Before the manage link in the calendar invitation's description. */
  calendarManage: 'Beheer uw afspraak:',
  /** The customer's contact under the owner's notice, the phone as people read it (core formatPhone). */
  ownerEmail: 'E-mail: {value}',
  ownerPhone: 'Telefoon: {value}',
} as const;

/**
 * The money lines of a booking (docs/PRODUCT.md#deposits): the {{paymentSummary}} variable, and the
 * lines the app adds to a confirmation whose template does not use that variable.
 */
/**
 * The waitlist's e-mails (docs/PRODUCT.md#waitlist): fixed Dutch texts, composed when planned with
 * the entry's details ({name}, {service}, {what}: 'dinsdag 8 december om 10:00' or 'een tijd op
 * dinsdag 8 december', {until}, {position}).
 */
export const WAITLIST_EMAIL_TEXTS = {
  greeting: 'Beste {name},',
  joinedSubject: 'U staat op de wachtlijst: {service}',
  joined:
    'U staat op de wachtlijst voor {service}: {what}. U bent nummer {position}. Komt er een plek vrij, dan krijgt u meteen een e-mail.',
  offerSubject: 'Er is een plek vrij: {service}',
  offer:
    'Er is een plek vrijgekomen voor {service}: {what}. We houden deze plek voor u vast tot {until}. Daarna gaat hij naar de volgende op de wachtlijst.',
  daySubject: 'Er is een tijd vrij: {service}',
  day: 'Er is een tijd vrijgekomen voor {service} op {date}. Iedereen op de wachtlijst krijgt dit bericht: wie het eerst boekt, heeft de plek.',
  claimLink: 'Boek deze plek',
  leaveLink: 'Afmelden voor de wachtlijst',
  dayTime: 'een tijd op {date}',
  timeOn: '{date} om {time}',
  signature: 'Met vriendelijke groet,',
} as const;

export const PAYMENT_EMAIL_TEXTS = {
  paid: 'Online betaald: {amount}',
  due: 'Nog te betalen in de salon: {amount}',
} as const;

const manageLink = `<p><a href="{{managementUrl}}">${EMAIL_LINK_TEXTS.manage}</a></p>`;
const signature = '<p>Met vriendelijke groet,<br>{{fromName}}</p>';

export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateType, DefaultEmailTemplate> = {
  confirmation: {
    subject: 'Bevestiging: {{eventTitle}} op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>Beste {{customerName}},</p>' +
      '<p>Bedankt voor uw boeking. Uw afspraak <strong>{{eventTitle}}</strong> is bevestigd voor <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong>.</p>' +
      manageLink +
      signature,
  },
  modification: {
    subject: 'Gewijzigd: {{eventTitle}} nu op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>Beste {{customerName}},</p>' +
      '<p>Uw afspraak <strong>{{eventTitle}}</strong> is gewijzigd. De nieuwe datum is <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong>.</p>' +
      manageLink +
      signature,
  },
  cancellation: {
    subject: 'Geannuleerd: {{eventTitle}} op {{eventDate}}',
    htmlBody:
      '<p>Beste {{customerName}},</p>' +
      '<p>Uw afspraak <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong> is geannuleerd.</p>' +
      '<p>Wilt u een nieuwe afspraak maken? Dan bent u van harte welkom.</p>' +
      signature,
  },
  reminder: {
    subject: 'Herinnering: {{eventTitle}} op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>Beste {{customerName}},</p>' +
      '<p>Dit is een herinnering aan uw afspraak <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong>.</p>' +
      '<p>Kunt u niet komen? Laat het ons dan zo snel mogelijk weten.</p>' +
      manageLink +
      signature,
    reminderTiming: { unit: 'hours', value: 24 },
  },
};

/**
 * Messages without an owner-editable template type (docs/PRODUCT.md#emails lists a follow-up among the e-mails
 * sent, and the owner hears of new bookings): fixed Dutch texts with the same variables.
 */
export const FOLLOW_UP_EMAIL: DefaultEmailTemplate = {
  subject: 'Bedankt voor uw bezoek: {{eventTitle}}',
  htmlBody:
    '<p>Beste {{customerName}},</p>' +
    '<p>Bedankt voor uw afspraak <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong>. We hopen dat alles naar wens was.</p>' +
    '<p>Wilt u opnieuw een afspraak maken? Dan bent u van harte welkom.</p>' +
    signature,
};

/**
 * Requests the owner approves (docs/PRODUCT.md#approval): the customer's 'Uw aanvraag is ontvangen'
 * and the decline (or lapse), fixed texts with the templates' variables; the lines the app adds.
 */
export const REQUEST_EMAILS = {
  received: {
    subject: 'Uw aanvraag is ontvangen: {{eventTitle}} op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>Beste {{customerName}},</p>' +
      '<p>Uw aanvraag voor <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong> is ontvangen. Dit is nog geen bevestiging: u krijgt een e-mail zodra uw aanvraag is bevestigd of afgewezen. Tot dan houden we de tijd voor u vast.</p>' +
      signature,
  },
  declined: {
    subject: 'Aanvraag niet bevestigd: {{eventTitle}} op {{eventDate}}',
    htmlBody:
      '<p>Beste {{customerName}},</p>' +
      '<p>Uw aanvraag voor <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong> kon helaas niet worden bevestigd. De tijd is weer vrijgegeven.</p>' +
      '<p>Wilt u een andere tijd aanvragen? Dan bent u van harte welkom.</p>' +
      signature,
  },
} satisfies Record<string, DefaultEmailTemplate>;

export const APPROVAL_EMAIL_TEXTS = {
  /** The owner's decline reason in the customer's mail. */
  reason: 'Toelichting: {reason}',
  /** Under the customer's mail when nobody decided in time. */
  expired: 'De aanvraag is niet op tijd bevestigd en is daarom vervallen.',
  /** The owner's decision links (a page that asks once more, never a decision by opening it). */
  approve: 'Bevestigen',
  decline: 'Afwijzen',
  /** {deadline}: 'di 24 nov 14:00' in the owner's time zone. */
  deadline: 'Beslis vóór {deadline}; daarna vervalt de aanvraag en komt de tijd weer vrij.',
} as const;

export type OwnerNoticeAction = 'created' | 'rescheduled' | 'cancelled' | 'requested';

export const OWNER_NOTICE_EMAILS: Record<OwnerNoticeAction, DefaultEmailTemplate> = {
  created: {
    subject: 'Nieuwe afspraak: {{eventTitle}} op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>{{customerName}} heeft een afspraak gemaakt voor <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong>.</p>',
  },
  rescheduled: {
    subject: 'Afspraak verzet: {{eventTitle}} nu op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>{{customerName}} heeft de afspraak voor <strong>{{eventTitle}}</strong> verzet naar <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong>.</p>',
  },
  cancelled: {
    subject: 'Afspraak geannuleerd: {{eventTitle}} op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>{{customerName}} heeft de afspraak voor <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong> geannuleerd. Het tijdslot is weer vrij.</p>',
  },
  requested: {
    subject: 'Aanvraag: {{eventTitle}} op {{eventDate}} om {{eventTime}}',
    htmlBody:
      '<p>{{customerName}} vraagt een afspraak aan voor <strong>{{eventTitle}}</strong> op <strong>{{eventDate}}</strong> om <strong>{{eventTime}}</strong>. De tijd is vastgehouden tot u beslist.</p>',
  },
};
