import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvDate, csvRow } from './csv';

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

  it('joins cells with ; and ends rows with CRLF', () => {
    expect(csvRow(['a', null, 'c;d'])).toBe('a;;"c;d"\r\n');
  });

  it('writes dates and amounts the Dutch way', () => {
    expect(csvDate('2026-11-24')).toBe('24-11-2026');
    expect(csvAmount('65.00')).toBe('65,00');
    expect(csvAmount(null)).toBe('');
  });
});
