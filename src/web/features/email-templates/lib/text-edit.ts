/** Pure text edits of the HTML editor, so the toolbar behaviour is easy to reason about and test. */
export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** Wraps value[start, end) in before/after; the selection stays on the wrapped text (or the caret between the tags). */
export function wrapSelection(
  value: string,
  start: number,
  end: number,
  before: string,
  after: string,
): TextEdit {
  const [s, e] = start <= end ? [start, end] : [end, start];
  return {
    value: value.slice(0, s) + before + value.slice(s, e) + after + value.slice(e),
    selectionStart: s + before.length,
    selectionEnd: e + before.length,
  };
}

/** Replaces value[start, end) with text; the caret lands after the inserted text. */
export function insertText(value: string, start: number, end: number, text: string): TextEdit {
  const [s, e] = start <= end ? [start, end] : [end, start];
  const caret = s + text.length;
  return { value: value.slice(0, s) + text + value.slice(e), selectionStart: caret, selectionEnd: caret };
}

const HEX = /^#[0-9a-f]{6}$/i;
export const isHexColor = (value: string) => HEX.test(value);

/** An address for <a href>: a variable or http(s)/mailto/tel as typed, a bare domain gets https://. Quotes are escaped. */
export function normalizeHref(input: string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  const href = /^(https?:|mailto:|tel:|\{\{)/i.test(raw)
    ? raw
    : /^[\w-]+(\.[\w-]+)+/.test(raw)
      ? `https://${raw}`
      : null;
  return href ? href.replace(/"/g, '&quot;') : null;
}
