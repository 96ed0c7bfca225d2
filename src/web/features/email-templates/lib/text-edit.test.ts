import { describe, expect, it } from 'vitest';
import { insertText, normalizeHref, wrapSelection } from './text-edit';

describe('HTML editor text edits', () => {
  it('wraps the selection and keeps it on the wrapped text', () => {
    const v = '<p>Hallo daar</p>';
    const r = wrapSelection(v, 9, 13, '<strong>', '</strong>');
    expect(r.value).toBe('<p>Hallo <strong>daar</strong></p>');
    expect(r.value.slice(r.selectionStart, r.selectionEnd)).toBe('daar');
  });

  it('puts the caret between the tags when nothing is selected, and accepts a backwards selection', () => {
    expect(wrapSelection('ab', 1, 1, '<em>', '</em>')).toEqual({
      value: 'a<em></em>b',
      selectionStart: 5,
      selectionEnd: 5,
    });
    expect(wrapSelection('abcd', 3, 1, '[', ']').value).toBe('a[bc]d');
  });

  it('inserts a variable in place of the selection', () => {
    expect(insertText('Beste X,', 6, 7, '{{customerName}}')).toEqual({
      value: 'Beste {{customerName}},',
      selectionStart: 22,
      selectionEnd: 22,
    });
  });

  it('normalizes link addresses', () => {
    expect(normalizeHref('voorbeeld.nl/pad')).toBe('https://voorbeeld.nl/pad');
    expect(normalizeHref('https://a.nl/?q="x"')).toBe('https://a.nl/?q=&quot;x&quot;');
    expect(normalizeHref('{{managementUrl}}')).toBe('{{managementUrl}}');
    expect(normalizeHref('mailto:info@salon.nl')).toBe('mailto:info@salon.nl');
    expect(normalizeHref('javascript:alert(1)')).toBeNull();
    expect(normalizeHref('  ')).toBeNull();
  });
});
