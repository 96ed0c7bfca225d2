/**
 * Fills `{{variable}}` placeholders of e-mail templates (docs/PRODUCT.md#email-variables). Values are
 * HTML-escaped for HTML bodies, and line breaks are removed from subjects so a customer's input can
 * never inject a header.
 */
export const EMAIL_VARIABLES = [
  'eventTitle',
  'eventDate',
  'eventTime',
  'customerName',
  'fromName',
  'managementUrl',
  /** What was paid online and what is left for the appointment (docs/PRODUCT.md#deposits); empty when nothing. */
  'paymentSummary',
] as const;
export type EmailVariable = (typeof EMAIL_VARIABLES)[number];
export type EmailValues = Partial<Record<EmailVariable, string>>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

function fill(template: string, values: EmailValues, encode: (v: string) => string): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    (EMAIL_VARIABLES as readonly string[]).includes(name)
      ? encode(values[name as EmailVariable] ?? '')
      : match,
  );
}

export const renderHtml = (template: string, values: EmailValues) => fill(template, values, escapeHtml);
export const renderText = (template: string, values: EmailValues) => fill(template, values, (v) => v);
export const renderSubject = (template: string, values: EmailValues) =>
  fill(template, values, (v) => v.replace(/[\r\n]+/g, ' '))
    .replace(/[\r\n]+/g, ' ')
    .trim();

/** A readable plain-text part from an HTML body (links keep their address). */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, '$2 ($1)')
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A font stack every mail client has: the reader's system font, no web font to download. */
const EMAIL_FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * Wraps an e-mail's HTML body in a small complete document: Dutch language, UTF-8, a mobile
 * viewport and a readable column (system fonts, 600 px wide at most, 1.5 line height). Styles are
 * inline because several mail clients drop <style>. The body is inserted as it is: it was already
 * sanitized (owner templates) or escaped (variables, system texts). A body that is already a whole
 * document is left alone.
 */
export function emailDocument(bodyHtml: string, title: string): string {
  if (/^\s*<!doctype/i.test(bodyHtml)) return bodyHtml;
  return [
    '<!doctype html>',
    '<html lang="nl">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background-color:#ffffff;">',
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:${EMAIL_FONT_STACK};font-size:16px;line-height:1.5;color:#1f2933;">`,
    bodyHtml,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
