/**
 * Fills a text message's template (docs/PRODUCT.md#text-messages): the e-mail templates' variables
 * plus `beheerlink`, the short link to the booking's manage page. Written `{{name}}` like the
 * e-mail templates, or `{name}` as owners type it in a short text; an unknown name stays as typed.
 * No escaping: an SMS is plain text, and line breaks are kept as the owner wrote them.
 */
import { EMAIL_VARIABLES } from './email-render';

export const TEXT_VARIABLES = [...EMAIL_VARIABLES, 'beheerlink'] as const;
export type TextVariable = (typeof TEXT_VARIABLES)[number];
export type TextValues = Partial<Record<TextVariable, string>>;

const KNOWN: ReadonlySet<string> = new Set(TEXT_VARIABLES);

export function renderTextMessage(template: string, values: TextValues): string {
  return template
    .replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (match, double?: string, single?: string) => {
      const name = (double ?? single)!;
      return KNOWN.has(name) ? (values[name as TextVariable] ?? '') : match;
    })
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
