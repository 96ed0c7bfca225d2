import { nl } from '@contracts/messages';
import { escapeHtml } from '@core/index';
import type { MemberRole } from '@core/permissions';
import type { OutgoingMail } from '../../integrations/mail/mailer';

/** `{APP_URL}/uitnodiging/{token}`: the invitation page (docs/PRODUCT.md#team). */
export const invitationUrl = (appUrl: string, token: string) => `${appUrl}/uitnodiging/${token}`;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The invitation e-mail: who invites, for which business and role, and the link. */
export function invitationMail(input: {
  to: string;
  name: string;
  role: MemberRole;
  business: string;
  inviter: string;
  url: string;
}): OutgoingMail {
  const m = nl.team;
  const values = {
    name: input.name,
    business: input.business,
    inviter: input.inviter,
    role: m.roles[input.role],
  };
  const greeting = fill(m.mailGreeting, values);
  const intro = fill(m.mailIntro, values);
  const subject = fill(m.mailSubject, values);
  const text = [greeting, intro, `${m.mailAction}\n${input.url}`, m.mailIgnore].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(m.mailAction)}</p>`,
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(m.mailLinkText)}</a></p>`,
    `<p>${escapeHtml(m.mailIgnore)}</p>`,
  ].join('\n');
  return { to: input.to, subject, html, text };
}
