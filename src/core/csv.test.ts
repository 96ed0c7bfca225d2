import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvDate, csvPhone, csvRow } from './csv';

describe('CSV for Dutch Excel', () => {
  it('leaves plain values alone and writes nothing for null', () => {
    expect(csvCell('Jan de Vries')).toBe('Jan de Vries');
    expect(csvCell(null)).toBe('');
  });

  it('quotes separators, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('zei "hoi"')).toBe('"zei ""hoi"""');
    expect(csvCell('regel 1\nregel 2')).toBe('"regel 1\nregel 2"');
    expect(csvCell('regel 1\r\nregel 2')).toBe('"regel 1\r\nregel 2"');
  });

  it('defuses values a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+31612345678')).toBe("'+31612345678");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes phone numbers as text a spreadsheet shows as is: no + in front, so no apostrophe', () => {
    expect(csvPhone('+31612345678')).toBe('06 12345678');
    expect(csvPhone('+31201234567')).toBe('020 1234567');
    expect(csvPhone('+447700900123')).toBe('0044 7700 900123');
    expect(csvPhone('+32 470 12 34 56')).toBe('0032 470 12 34 56');
    expect(csvPhone('+1 (202) 555-0123')).toBe('001 202 555 0123');
    for (const phone of ['+31612345678', '+447700900123', '+32 470 12 34 56'])
      expect(csvCell(csvPhone(phone))).not.toMatch(/^['"=+\-@]/);
    // Anything that is not only a phone number is left to csvCell's guard.
    expect(csvPhone('+1+cmd|calc')).toBe('+1+cmd|calc');
    expect(csvPhone('+12')).toBe('+12');
    expect(csvPhone('-2+3')).toBe('-2+3');
    expect(csvPhone('=1+2')).toBe('=1+2');
    expect(csvPhone('Koper')).toBe('Koper');
    expect(csvPhone(null)).toBe('');
  });

  it('joins cells with ; and ends rows with CRLF', () => {
    expect(csvRow(['a', null, 'c;d'])).toBe('a;;"c;d"\r\n');
  });

  it('writes dates and amounts the Dutch way', () => {
    expect(csvDate('2026-11-24')).toBe('24-11-2026');
    expect(csvAmount('65.00')).toBe('65,00');
    expect(csvAmount(null)).toBe('');
  });
});
