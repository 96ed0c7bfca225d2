import { describe, expect, it } from 'vitest';
import { emailDocument, htmlToText, renderHtml, renderSubject, renderText } from './email-render';

describe('email rendering', () => {
  const values = {
    customerName: '<script>alert(1)</script>',
    eventTitle: 'Knippen & Föhnen',
    managementUrl: 'https://x.nl/m/abc',
  };
  it('escapes values in HTML bodies and leaves unknown placeholders alone', () => {
    expect(renderHtml('<p>Hallo {{customerName}}, {{ eventTitle }} {{onbekend}}</p>', values)).toBe(
      '<p>Hallo &lt;script&gt;alert(1)&lt;/script&gt;, Knippen &amp; Föhnen {{onbekend}}</p>',
    );
    expect(renderText('Hallo {{customerName}}', values)).toBe('Hallo <script>alert(1)</script>');
  });
  it('keeps subjects on one line whatever the values hold', () => {
    expect(renderSubject('Bevestiging: {{eventTitle}}', { eventTitle: 'A\r\nBcc: evil@x.nl' })).toBe(
      'Bevestiging: A Bcc: evil@x.nl',
    );
  });
  it('turns HTML into readable text', () => {
    expect(htmlToText('<p>Hallo <strong>Sanne</strong></p><p><a href="https://x.nl">Beheer</a></p>')).toBe(
      'Hallo Sanne\nBeheer (https://x.nl)',
    );
  });
  it('wraps a body in one Dutch document with an escaped title, and leaves a whole document alone', () => {
    const doc = emailDocument('<p>Hallo</p>', 'Afspraak <morgen> & "nu"');
    expect(doc).toMatch(/^<!doctype html>\n<html lang="nl">/);
    expect(doc).toContain('<title>Afspraak &lt;morgen&gt; &amp; &quot;nu&quot;</title>');
    expect(doc).toContain('>\n<p>Hallo</p>\n</div>');
    expect(emailDocument(doc, 'ander')).toBe(doc);
  });
});
