/**
 * The Dutch default e-mail templates every owner starts with (and "reset" restores). Placeholders
 * use the spec's variables: {{eventTitle}}, {{eventDate}}, {{eventTime}}, {{customerName}},
 * {{fromName}}, {{managementUrl}}.
 */
export type EmailTemplateType = 'confirmation' | 'modification' | 'cancellation' | 'reminder';

export interface DefaultEmailTemplate {
  subject: string;
  htmlBody: string;
  reminderTiming?: { unit: 'hours' | 'days'; value: number };
}

const manageLink = '<p><a href="{{managementUrl}}">Bekijk, wijzig of annuleer uw afspraak</a></p>';
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
