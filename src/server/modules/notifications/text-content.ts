import type { TextKind } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { renderTextMessage } from '@core/text-render';
import type { BookingRow, EventRow } from '../../db/schema';
import type { MailOwner } from '../../integrations/mail/mailer';
import { valuesOf } from './notification-content';

/** The short link a text message carries to the manage page (`{beheerlink}`): /m/{token} redirects there. */
export const shortManageUrl = (appUrl: string, token: string) => `${appUrl}/m/${token}`;

/**
 * A booking's text message (docs/PRODUCT.md#text-messages): the service's own text for the kind, or
 * the built-in Dutch one, filled with the e-mail templates' variables and `{beheerlink}`. Composed
 * when sent, from the booking as it is then, like the e-mails.
 */
export function composeText(ctx: {
  kind: TextKind;
  booking: BookingRow;
  event: EventRow;
  owner: MailOwner;
  managementUrl: string | null;
  shortUrl: string | null;
}): string {
  const template = ctx.event.textMessages?.templates?.[ctx.kind] ?? nl.textMessages.defaults[ctx.kind];
  return renderTextMessage(template, { ...valuesOf(ctx, ctx.booking), beheerlink: ctx.shortUrl ?? '' });
}
