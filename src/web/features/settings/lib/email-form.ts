import type { EmailSettingsBody, EmailSettingsDto } from '@contracts/settings';

/** The e-mail settings form; the provider lives outside it because choosing one saves at once. */
export interface EmailFormValues {
  fromName: string;
  host: string;
  port: string;
  username: string;
  password: string;
  secure: boolean;
}

export const toFormValues = (s: EmailSettingsDto): EmailFormValues => ({
  fromName: s.fromName ?? '',
  host: s.smtp.host,
  port: String(s.smtp.port),
  username: s.smtp.username,
  password: '',
  secure: s.smtp.secure,
});

/** The full body; an empty password keeps the stored one, a non-numeric port becomes 587 on the server. */
export const toBody = (provider: EmailSettingsBody['provider'], v: EmailFormValues): EmailSettingsBody => ({
  provider,
  fromName: v.fromName.trim(),
  smtp: {
    host: v.host.trim(),
    port: v.port.trim(),
    username: v.username.trim(),
    password: v.password,
    secure: v.secure,
  },
});
