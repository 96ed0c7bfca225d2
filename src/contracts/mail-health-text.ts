import { nl } from './messages';
import { MAIL_WAIT_DAYS, type MailBrokenReason } from './notifications';

const m = nl.mailHealth;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );

/** 'n e-mails wachten …'; null when nothing waits. */
export const mailWaitingText = (waiting: number) =>
  waiting === 0 ? null : waiting === 1 ? m.waiting.one : fill(m.waiting.other, { n: waiting });

/**
 * What the owner is told about a broken mail connection, in the app and in the warning e-mail
 * alike: what fails, what to do, and what waits meanwhile (null when nothing does).
 */
export function mailBrokenWarning(reason: MailBrokenReason, waiting: number) {
  return {
    title: fill(m.brokenTitle, { reason: m.reasons[reason] }),
    advice: m.advice[reason],
    waiting: mailWaitingText(waiting),
    giveUp: fill(m.giveUp, { days: MAIL_WAIT_DAYS }),
  };
}
