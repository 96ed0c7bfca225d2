import { nl } from '@contracts/messages';
import { addDays, formatLongDutchDate, renderHtml, renderSubject, type EmailValues } from '@core/index';

const s = nl.emailTemplatesUi.sample;

/** Dutch sample values for the preview: a booking a week from `today`, as a customer would see it. */
export function sampleValues(today: string, fromName: string, origin: string): EmailValues {
  return {
    eventTitle: s.eventTitle,
    eventDate: formatLongDutchDate(addDays(today, 7)),
    eventTime: s.eventTime,
    customerName: s.customerName,
    fromName: fromName || s.fromName,
    managementUrl: `${origin}/booking/manage/voorbeeld`,
  };
}

const PREVIEW_STYLE =
  'body{margin:16px;font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e293b;background:#fff}' +
  'a{color:#2563eb}p{margin:0 0 12px}';

/** The complete document for the sandboxed preview frame. */
export function previewDocument(htmlBody: string, values: EmailValues): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><style>${PREVIEW_STYLE}</style></head><body>${renderHtml(htmlBody, values)}</body></html>`;
}

export const previewSubject = (subject: string, values: EmailValues) => renderSubject(subject, values);
