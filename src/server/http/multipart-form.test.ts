import { describe, expect, it } from 'vitest';
import { multipartBoundary, parseMultipart } from './multipart-form';

const body = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'));

describe('multipart/form-data', () => {
  it('finds the boundary, quoted or not, only in a multipart/form-data type', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/mixed; boundary=abc')).toBeNull();
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });

  it('reads fields and files, bytes as sent (CRLF inside a file included)', () => {
    const parts = parseMultipart(
      body(
        [
          '--x',
          'Content-Disposition: form-data; name="file"; filename="klanten \\"oud\\".csv"',
          'Content-Type: text/csv',
          '',
          'Naam;E-mail',
          'Anna;a@b.nl',
          '--x',
          'Content-Disposition: form-data; name=mapping',
          '',
          '{"name":0}',
          '--x',
          'Content-Disposition: form-data; name="mapping"',
          '',
          'second one is ignored',
          '--x--',
          '',
        ].join('\n'),
      ),
      'x',
    )!;
    expect(parts.get('file')).toEqual({
      data: Buffer.from('Naam;E-mail\r\nAnna;a@b.nl'),
      filename: 'klanten "oud".csv',
      contentType: 'text/csv',
    });
    expect(parts.get('mapping')!.data.toString()).toBe('{"name":0}');
    expect(parts.get('mapping')!.filename).toBeNull();
  });

  it('answers null for what is not well-formed', () => {
    expect(parseMultipart(body('geen delen'), 'x')).toBeNull();
    expect(parseMultipart(body('--x\nContent-Disposition: form-data; name="a"\n\nb\n'), 'x')).toBeNull();
    expect(parseMultipart(body('--x\nContent-Type: text/plain\n\nb\n--x--\n'), 'x')).toBeNull();
    expect(
      parseMultipart(body('--x\nContent-Disposition: attachment; name="a"\n\nb\n--x--\n'), 'x'),
    ).toBeNull();
    expect(parseMultipart(body('--xContent-Disposition: form-data; name="a"\n\nb\n--x--\n'), 'x')).toBeNull();
    expect(parseMultipart(body('--x--\n'), 'x')).toEqual(new Map());
  });
});
