import { describe, expect, it } from 'vitest';
import { textMessageLength } from './text-message-length';

describe('textMessageLength', () => {
  it('counts a plain Dutch text in GSM-7: 160 in one message, then 153 per part', () => {
    expect(textMessageLength('')).toEqual({ encoding: 'gsm7', characters: 0, units: 0, parts: 0 });
    expect(textMessageLength('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(textMessageLength('a'.repeat(161)).parts).toBe(2);
    expect(textMessageLength('a'.repeat(306)).parts).toBe(2);
    expect(textMessageLength('a'.repeat(307)).parts).toBe(3);
    // The accents the GSM alphabet has (é, ü, à, ñ) keep a text in GSM-7; ë is not among them (below).
    expect(textMessageLength('Café Ü à é ñ').encoding).toBe('gsm7');
  });

  it('counts the extension characters (€, brackets) as two septets', () => {
    expect(textMessageLength('€ 65,00')).toMatchObject({ encoding: 'gsm7', characters: 7, units: 8 });
    expect(textMessageLength('€'.repeat(80))).toMatchObject({ units: 160, parts: 1 });
    // 153 septets per part: 76 euro signs fill 152, the 77th does not fit half in one and half in the next.
    expect(textMessageLength('€'.repeat(81))).toMatchObject({ units: 162, parts: 2 });
    expect(textMessageLength(`a${'€'.repeat(76)}` + '€'.repeat(5)).parts).toBe(2);
    expect(textMessageLength('€'.repeat(153)).parts).toBe(3);
  });

  it('switches to UCS-2 for any character outside GSM-7: 70, then 67 per part', () => {
    expect(textMessageLength('Tot morgen, Zoë')).toMatchObject({
      encoding: 'ucs2',
      characters: 15,
      parts: 1,
    });
    expect(textMessageLength('ë'.repeat(70)).parts).toBe(1);
    expect(textMessageLength('ë'.repeat(71)).parts).toBe(2);
    expect(textMessageLength('ë'.repeat(134)).parts).toBe(2);
    expect(textMessageLength('ë'.repeat(135)).parts).toBe(3);
  });

  it('counts an emoji as one character but two units, never split over two parts', () => {
    expect(textMessageLength('👍')).toEqual({ encoding: 'ucs2', characters: 1, units: 2, parts: 1 });
    // 66 units of text, then an emoji of 2: it goes whole into the second part.
    expect(textMessageLength(`${'ë'.repeat(66)}👍${'ë'.repeat(3)}`)).toMatchObject({ units: 71, parts: 2 });
  });
});
