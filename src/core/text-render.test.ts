import { describe, expect, it } from 'vitest';
import { renderTextMessage } from './text-render';

describe('renderTextMessage', () => {
  it('fills both spellings of a variable and leaves unknown names as typed', () => {
    expect(
      renderTextMessage('{{eventTitle}} om {eventTime}: {beheerlink} {onbekend}', {
        eventTitle: 'Knippen',
        eventTime: '14:00',
        beheerlink: 'https://x.nl/m/abc',
      }),
    ).toBe('Knippen om 14:00: https://x.nl/m/abc {onbekend}');
  });

  it('drops a missing value without leaving a double space', () => {
    expect(renderTextMessage('Betaald: {{paymentSummary}} Tot dan!', {})).toBe('Betaald: Tot dan!');
  });

  it('keeps the line breaks the owner wrote', () => {
    expect(renderTextMessage('Hallo {{customerName}},\nTot morgen', { customerName: 'Anna' })).toBe(
      'Hallo Anna,\nTot morgen',
    );
  });
});
