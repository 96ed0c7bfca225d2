import { nl } from '@contracts/messages';
import { escapeHtml, formatLongDutchDate } from '@core/index';
import type { MailOwner, OutgoingMail } from '../../integrations/mail/mailer';
import type { FarewellJob } from './farewell-mails';
import { fromNameOf } from './notification-content';

const m = nl.classAttendees;

const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');

/**
 * The owner's message to one attendee of a class (docs/PRODUCT.md#classes), composed when it is
 * planned and sent by the composed-mail queue (`farewellMail`, like the farewell mails): the owner's
 * words escaped, then which class it is about and the business's name, as HTML and as plain text.
 */
export function classMessageJob(opts: {
  owner: MailOwner;
  to: string;
  subject: string;
  message: string;
  event: { title: string };
  date: string;
  time: string;
  host: string;
}): FarewellJob {
  const { owner } = opts;
  const business = owner.businessName || fromNameOf(owner);
  const about = m.mailAbout
    .replace('{event}', opts.event.title)
    .replace('{date}', formatLongDutchDate(opts.date))
    .replace('{time}', opts.time);
  const signOff = m.mailFrom.replace('{business}', business);
  const mail: OutgoingMail = {
    to: opts.to,
    subject: opts.subject,
    html: paragraphs(opts.message) + paragraphs(about) + paragraphs(signOff),
    text: `${opts.message}\n\n${about}\n\n${signOff}`,
    // Answers go to the owner, as with their other mail.
    replyTo: owner.email,
    messageId: `<class-message-${crypto.randomUUID()}@${opts.host}>`,
  };
  return { ownerId: owner.id, fromName: fromNameOf(owner), mail };
}
